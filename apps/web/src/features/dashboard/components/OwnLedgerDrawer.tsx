/**
 * The signed-in account's own ledger, opened from the balance card. The fund screen's drawer
 * reads the account's name through the account managers' endpoint, which an advertiser may
 * not call; this one shows the same ledger view under the user's own title.
 */
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { LedgerView } from '../../fund/components/LedgerDrawer';

export function OwnLedgerDrawer({ userId, onClose }: { userId: number | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      title={t('dashboard.ledgerTitle')}
      open={userId !== null}
      onClose={onClose}
      size="large"
      destroyOnHidden
    >
      {userId !== null && <LedgerView key={userId} userId={userId} />}
    </Drawer>
  );
}
