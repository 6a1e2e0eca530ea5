/**
 * How a media asks for an ad in a slot (packages/domain serving.ts, prebid.ts, sdk.ts): the web
 * SDK's two lines and the slot's demo page, the SDK-style
 * `GET /serve/ad` URL with its parameters, an OpenRTB 2.6 BidRequest for
 * `POST /openrtb2/auction` naming the slot by its code or id, and the Prebid.js set-up with
 * Adloom as the Prebid Server, each ready to copy. Serving itself comes with the delivery
 * engine; the modal says so.
 */
import { Alert, Button, Modal, Table, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  OPENRTB_AUCTION_PATH,
  SERVE_AD_PARAMS,
  SERVE_AD_PATH,
  demoPagePath,
  openRtbBidRequest,
  prebidSnippet,
  serveAdUrl,
  slotReference,
  webSdkSnippet,
  type ServeAdParam,
  type Slot,
} from '@adloom/domain';
import { currentLanguage } from '../../../lib/i18n';
import styles from './IntegrationModal.module.css';

/** Where the server answers: this console's own origin. */
const origin = () => window.location.origin;

function Snippet({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Typography.Paragraph
      className={styles.snippet}
      copyable={{
        text,
        tooltips: [t('media.integration.copy', { what: label }), t('media.integration.copied')],
      }}
    >
      <pre aria-label={label}>{text}</pre>
    </Typography.Paragraph>
  );
}

export function IntegrationModal({ slot, onClose }: { slot: Slot | null; onClose(): void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  if (!slot) return null;
  const media = {
    id: slot.media_id,
    name: slot.media_name,
    os: slot.media_os,
    bundle: slot.media_bundle,
  };
  const url = serveAdUrl(origin(), slot, media);
  const auction = `POST ${origin()}${OPENRTB_AUCTION_PATH}`;
  const request = JSON.stringify(openRtbBidRequest(slot, media), null, 2);
  const prebid = prebidSnippet(origin(), slot);
  return (
    <Modal
      title={t('media.integration.title', { name: slot.name, id: slot.id })}
      open
      width={820}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('media.integration.close')}</Button>}
    >
      <Alert
        type="info"
        showIcon
        title={t('media.integration.pending')}
        className={styles.notice}
      />
      <Tabs
        items={[
          {
            key: 'sdk',
            label: t('media.integration.sdk'),
            children: (
              <>
                <Typography.Paragraph type="secondary">
                  {t('media.integration.sdkHelp')}
                </Typography.Paragraph>
                <Snippet text={url} label={`GET ${SERVE_AD_PATH}`} />
                <Table<ServeAdParam>
                  size="small"
                  rowKey="name"
                  pagination={false}
                  dataSource={[...SERVE_AD_PARAMS]}
                  columns={[
                    {
                      title: t('media.integration.parameter'),
                      dataIndex: 'name',
                      render: (name: string) => <Typography.Text code>{name}</Typography.Text>,
                    },
                    {
                      title: t('media.integration.required'),
                      dataIndex: 'required',
                      render: (required: boolean) =>
                        required ? t('media.integration.yes') : t('media.integration.no'),
                    },
                    {
                      title: t('media.integration.description'),
                      key: 'description',
                      render: (_, param) => param.description[lang],
                    },
                  ]}
                />
              </>
            ),
          },
          {
            key: 'web',
            label: t('media.integration.web'),
            children: (
              <>
                <Typography.Paragraph type="secondary">
                  {t('media.integration.webHelp')}
                </Typography.Paragraph>
                <Snippet text={webSdkSnippet(origin(), slot)} label="Web SDK" />
                <Typography.Link href={demoPagePath(slot)} target="_blank" rel="noopener">
                  {t('media.integration.demo')}
                </Typography.Link>
              </>
            ),
          },
          {
            key: 'openrtb',
            label: t('media.integration.openrtb'),
            children: (
              <>
                <Typography.Paragraph type="secondary">
                  {t('media.integration.openrtbHelp')}
                </Typography.Paragraph>
                <Typography.Paragraph>
                  {t('media.integration.reference', { reference: slotReference(slot) })}
                </Typography.Paragraph>
                <Snippet text={auction} label={`POST ${OPENRTB_AUCTION_PATH}`} />
                <Snippet text={request} label="BidRequest" />
              </>
            ),
          },
          {
            key: 'prebid',
            label: t('media.integration.prebid'),
            children: (
              <>
                <Typography.Paragraph type="secondary">
                  {t('media.integration.prebidHelp')}
                </Typography.Paragraph>
                <Snippet text={prebid} label="Prebid.js" />
              </>
            ),
          },
        ]}
      />
    </Modal>
  );
}
