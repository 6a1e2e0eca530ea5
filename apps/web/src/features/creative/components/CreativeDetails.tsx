/** Everything an auditor checks about one creative: the preview beside every field. */
import { Col, Descriptions, Drawer, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ClickAction,
  CreativeLanguage,
  Platform,
  formatDateTime,
  type AdStyle,
  type Creative,
} from '@adloom/domain';
import type { ReactNode } from 'react';
import { currentLanguage } from '../../../lib/i18n';
import { ReviewTag, ShelfTag } from './AuditTags';
import { CreativePreview } from './CreativePreview';

const dash = (value: string | null | undefined): ReactNode => (value ? value : '-');

/** An address as a link that opens elsewhere, never in the console. */
function Address({ url }: { url: string }) {
  if (!/^https?:\/\//i.test(url)) return <>{dash(url)}</>;
  return (
    <Typography.Link href={url} target="_blank" rel="noopener noreferrer nofollow">
      {url}
    </Typography.Link>
  );
}

export function CreativeDetails({
  creative,
  style,
  onClose,
  extra,
}: {
  creative: Creative | null;
  style: AdStyle | undefined;
  onClose(): void;
  /** Actions shown in the drawer's header (approve, reject). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <Drawer
      title={creative ? `${creative.name} (#${creative.id})` : ''}
      open={creative !== null}
      onClose={onClose}
      size={960}
      extra={extra}
      destroyOnHidden
    >
      {creative && (
        <Row gutter={24} wrap>
          <Col flex="0 0 340px">
            <CreativePreview creative={creative} style={style} />
          </Col>
          <Col flex="1 1 360px">
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('creative.owner')}>
                {creative.owner.nickname} ({creative.owner.username})
              </Descriptions.Item>
              <Descriptions.Item label={t('creative.auditColumn')}>
                <ReviewTag creative={creative} />
              </Descriptions.Item>
              <Descriptions.Item label={t('list.status')}>
                <ShelfTag status={creative.status} />
              </Descriptions.Item>
              <Descriptions.Item label={t('creative.submitted')}>
                {formatDateTime(creative.submitted_at)} UTC
              </Descriptions.Item>
              {creative.reviewer && (
                <Descriptions.Item label={t('creative.decided')}>
                  {t('creative.decidedBy', {
                    user: creative.reviewer.nickname || creative.reviewer.username,
                    time: formatDateTime(creative.reviewed_at),
                  })}
                </Descriptions.Item>
              )}
              <Descriptions.Item label={t('creative.style')}>
                {creative.style_name}
              </Descriptions.Item>
              <Descriptions.Item label={t('creative.language')}>
                {CreativeLanguage.label(creative.language, lang)}
              </Descriptions.Item>
              <Descriptions.Item label={t('creative.os')}>
                {Platform.label(creative.os, lang)}
              </Descriptions.Item>
              <Descriptions.Item label={t('creative.title')}>
                {dash(creative.title)}
              </Descriptions.Item>
              <Descriptions.Item label={t('creative.description')}>
                {dash(creative.description)}
              </Descriptions.Item>
              <Descriptions.Item label={t('creative.clickAction')}>
                {ClickAction.label(creative.click_action, lang)}
              </Descriptions.Item>
              <Descriptions.Item label={t('creative.clickUrl')}>
                <Address url={creative.click_url} />
              </Descriptions.Item>
              {creative.deeplink_url && (
                <Descriptions.Item label={t('creative.deeplink')}>
                  {creative.deeplink_url}
                </Descriptions.Item>
              )}
              {(creative.app_name || creative.app_package) && (
                <Descriptions.Item label={t('creative.appName')}>
                  {dash(creative.app_name)} {creative.app_package && `(${creative.app_package})`}
                </Descriptions.Item>
              )}
              <Descriptions.Item label={t('creative.actionText')}>
                {dash(creative.action_text)}
              </Descriptions.Item>
              <Descriptions.Item label={t('creative.impressionMonitors')}>
                {creative.impression_monitor_urls.length === 0
                  ? '-'
                  : creative.impression_monitor_urls.map((url) => (
                      <div key={url}>
                        <Address url={url} />
                      </div>
                    ))}
              </Descriptions.Item>
              <Descriptions.Item label={t('creative.clickMonitors')}>
                {creative.click_monitor_urls.length === 0
                  ? '-'
                  : creative.click_monitor_urls.map((url) => (
                      <div key={url}>
                        <Address url={url} />
                      </div>
                    ))}
              </Descriptions.Item>
              {creative.special_config && (
                <Descriptions.Item label={t('creative.specialConfig')}>
                  <pre style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 12 }}>
                    {creative.special_config}
                  </pre>
                </Descriptions.Item>
              )}
            </Descriptions>
          </Col>
        </Row>
      )}
    </Drawer>
  );
}
