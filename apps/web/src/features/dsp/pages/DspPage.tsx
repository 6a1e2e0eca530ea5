/**
 * /ssp/dsp (docs/product/console.md#screens: demand partners with strategy configuration; roles system and ssp):
 * the partners and the SSP strategies that split slots' traffic among them, as two tabs.
 * The open tab is kept in the address (?tab=strategies) so it survives a reload.
 */
import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SettingsCard } from '../../../components/list/editing';
import { SspStrategyPanel } from '../../ssp-strategy/components/SspStrategyPanel';
import { PartnerHealthPanel } from '../../delivery/components/PartnerHealthPanel';
import { DspList } from '../components/DspList';

const TABS = ['partners', 'strategies', 'health'] as const;
type TabKey = (typeof TABS)[number];

export function DspPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabKey = TABS.find((key) => key === requested) ?? 'partners';
  return (
    <SettingsCard title={t('menu.dsp')}>
      <Tabs
        activeKey={tab}
        onChange={(key) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              if (key === 'partners') next.delete('tab');
              else next.set('tab', key);
              return next;
            },
            { replace: true },
          )
        }
        destroyOnHidden
        items={[
          { key: 'partners', label: t('dsp.partnersTab'), children: <DspList /> },
          { key: 'strategies', label: t('dsp.strategiesTab'), children: <SspStrategyPanel /> },
          { key: 'health', label: t('delivery.health.tab'), children: <PartnerHealthPanel /> },
        ]}
      />
    </SettingsCard>
  );
}
