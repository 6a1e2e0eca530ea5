/**
 * The fields of the add / edit dialog of a demand partner, each checked with the shared
 * schema as it is typed: 'Need to add request URL' when the request URL is empty, 'JSON
 * format error' while the configuration is not a JSON object.
 */
import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdForm, DspType, MAX_DSP_TIMEOUT_MS, MIN_DSP_TIMEOUT_MS } from '@adloom/domain';
import { currentLanguage } from '../../../lib/i18n';
import { dspRule } from '../api';
import styles from './dsp.module.css';
import { MoneyInput } from '../../../components/form/MoneyInput';

export function DspFormFields() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <>
      <Form.Item label={t('dsp.field.name')} name="name" rules={[dspRule('name')]}>
        <Input maxLength={64} />
      </Form.Item>
      <div className={styles.pair}>
        <Form.Item
          label={t('dsp.field.type')}
          name="type"
          extra={t('dsp.help.type')}
          rules={[dspRule('type')]}
        >
          <Select options={DspType.options(lang)} />
        </Form.Item>
        <Form.Item
          label={t('dsp.field.slotType')}
          name="slot_type"
          extra={t('dsp.help.slotType')}
          rules={[dspRule('slot_type')]}
        >
          <Select options={AdForm.options(lang)} />
        </Form.Item>
      </div>
      <Form.Item
        label={t('dsp.field.requestUrl')}
        name="request_url"
        extra={t('dsp.help.requestUrl')}
        rules={[dspRule('request_url')]}
      >
        <Input placeholder="https://dsp.example.com/openrtb2/bid" maxLength={2048} />
      </Form.Item>
      <Form.Item
        label={t('dsp.field.testUrl')}
        name="test_url"
        extra={t('dsp.help.testUrl')}
        rules={[dspRule('test_url')]}
      >
        <Input placeholder="https://dsp.example.com/openrtb2/test" maxLength={2048} />
      </Form.Item>
      <div className={styles.triple}>
        <Form.Item
          label={t('dsp.field.timeout')}
          name="timeout_ms"
          extra={t('dsp.help.timeout', { min: MIN_DSP_TIMEOUT_MS, max: MAX_DSP_TIMEOUT_MS })}
          rules={[dspRule('timeout_ms')]}
        >
          <InputNumber
            min={MIN_DSP_TIMEOUT_MS}
            max={MAX_DSP_TIMEOUT_MS}
            step={50}
            precision={0}
            suffix="ms"
            className={styles.number}
          />
        </Form.Item>
        <Form.Item
          label={t('dsp.field.cpm')}
          name="cpm"
          extra={t('dsp.help.cpm')}
          rules={[dspRule('cpm')]}
        >
          <MoneyInput className={styles.number} />
        </Form.Item>
        <Form.Item
          label={t('dsp.field.percent')}
          name="percent"
          extra={t('dsp.help.percent')}
          rules={[dspRule('percent')]}
        >
          <InputNumber min={0} max={1000} precision={0} suffix="‰" className={styles.number} />
        </Form.Item>
      </div>
      <Form.Item
        label={t('dsp.field.config')}
        name="config"
        extra={t('dsp.help.config')}
        rules={[dspRule('config')]}
      >
        <Input.TextArea rows={5} spellCheck={false} className={styles.code} />
      </Form.Item>
    </>
  );
}
