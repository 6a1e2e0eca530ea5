/**
 * The question the leave guard asks before unsaved changes are lost: its own chunk, so the
 * console shell does not download antd's modal before anything is to be asked.
 */
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';

export function LeaveDialog({
  open,
  onLeave,
  onStay,
}: {
  open: boolean;
  onLeave(): void;
  onStay(): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t('change.leaveTitle')}
      open={open}
      okText={t('change.leave')}
      okButtonProps={{ danger: true }}
      cancelText={t('change.stay')}
      onOk={onLeave}
      onCancel={onStay}
      zIndex={1200}
    >
      {t('change.leaveBody')}
    </Modal>
  );
}
