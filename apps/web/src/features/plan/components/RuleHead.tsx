/** A rule's head row, shared by the targeting and the SSP trigger editors. */
import { Button, Radio, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { TargetingMode } from '@adloom/domain';
import { currentLanguage } from '../../../lib/i18n';
import styles from './TargetingEditor.module.css';

/** A rule's head row, shared with the SSP trigger editor: its dimension, include/exclude, remove. */
export function RuleHead({
  keyLabel,
  mode,
  onMode,
  onRemove,
  modeLabel,
  removeLabel,
}: {
  keyLabel: string;
  mode: string;
  onMode(mode: string): void;
  onRemove(): void;
  modeLabel: string;
  removeLabel: string;
}) {
  const lang = currentLanguage();
  return (
    <div className={styles.ruleHead}>
      <Typography.Text strong>{keyLabel}</Typography.Text>
      <Radio.Group
        size="small"
        optionType="button"
        value={mode}
        onChange={(event) => onMode(String(event.target.value))}
        options={TargetingMode.options(lang)}
        aria-label={modeLabel}
      />
      <Button
        size="small"
        type="text"
        danger
        icon={<DeleteOutlined aria-hidden />}
        aria-label={removeLabel}
        onClick={onRemove}
      />
    </div>
  );
}
