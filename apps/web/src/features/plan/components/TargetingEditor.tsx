/**
 * A strategy's targeting (docs/product/advertising.md#targeting): one rule per dimension, each including or excluding its
 * values. Countries, OS, network, brands, models and audience characteristics are picked
 * from their lists; the free-entry dimensions (UID, app version, device ids, packages, OS
 * versions, special slots) take typed or pasted lists, split on lines, commas and spaces,
 * with the values failing their format marked before anything is sent. Each rule shows the
 * docs/product/messages-and-codes.md#form-messages message that concerns it. A form control over the contract's rules.
 */
import { createContext, use } from 'react';
import { Button, Dropdown, Empty, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { OrientationKey, type OrientationKeyValue } from '@adloom/domain';
import { currentLanguage } from '../../../lib/i18n';
import { planMessageText } from '../messages';
import { newRule, offeredKeys, ruleIssues, type TargetingRule } from '../targeting';
import { RuleHead } from './RuleHead';
import { RuleValues } from './TargetingValues';
import styles from './TargetingEditor.module.css';

/**
 * What the form around the editor knows: a save was tried, the server's messages by rule.
 * A context rather than props: antd's Form.Item re-renders its control only when the value
 * changes.
 */
export const TargetingCheckContext = createContext<{
  showIssues: boolean;
  serverIssues: Record<number, string>;
}>({ showIssues: false, serverIssues: {} });

export function TargetingEditor({
  value,
  onChange,
  advanced,
  showIssues: showIssuesProp,
  serverIssues: serverIssuesProp,
  id,
}: {
  value?: TargetingRule[];
  onChange?: (rules: TargetingRule[]) => void;
  /** The acting user holds adManageAdvanced: audience characteristics are offered. */
  advanced: boolean;
  /** Show every rule's issue (after a save was tried); format and duplicate issues always show. */
  showIssues?: boolean;
  /** The server's messages by rule index (`targeting.N…`). */
  serverIssues?: Record<number, string>;
  id?: string;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const checks = use(TargetingCheckContext);
  const showIssues = showIssuesProp ?? checks.showIssues;
  const serverIssues = serverIssuesProp ?? checks.serverIssues;
  const rules = value ?? [];
  const issues = ruleIssues(rules);
  const offered = offeredKeys(rules, advanced);

  const update = (index: number, patch: Partial<TargetingRule>) =>
    onChange?.(rules.map((rule, at) => (at === index ? { ...rule, ...patch } : rule)));

  return (
    <div id={id} className={styles.editor}>
      {rules.length === 0 && (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('plan.targeting.none')}
          className={styles.empty}
        />
      )}
      {rules.map((rule, index) => {
        const keyLabel = OrientationKey.label(rule.key, lang);
        const issue = issues[index];
        // An empty rule is only reported once a save was tried; format and duplicates at once.
        const alwaysShown = issue && issue.code !== 'ad.targetingEmpty';
        const message =
          serverIssues[index] ?? (issue && (showIssues || alwaysShown) ? issue.code : undefined);
        return (
          <section
            key={`${rule.key}-${index}`}
            className={message ? `${styles.rule} ${styles.ruleError}` : styles.rule}
            aria-label={t('plan.targeting.ruleLabel', { key: keyLabel })}
            data-testid={`rule-${rule.key}`}
          >
            <RuleHead
              keyLabel={keyLabel}
              mode={rule.mode}
              onMode={(mode) => update(index, { mode })}
              onRemove={() => onChange?.(rules.filter((_, at) => at !== index))}
              modeLabel={t('plan.targeting.modeLabel', { key: keyLabel })}
              removeLabel={t('plan.targeting.remove', { key: keyLabel })}
            />
            <RuleValues
              rule={rule}
              rules={rules}
              label={t('plan.targeting.valuesLabel', { key: keyLabel })}
              invalid={issue?.invalid ?? []}
              onValues={(values) => update(index, { values })}
            />
            {message && (
              <Typography.Text type="danger" role="alert" className={styles.message}>
                {planMessageText(message)}
              </Typography.Text>
            )}
          </section>
        );
      })}
      {offered.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: offered.map((key) => ({ key, label: OrientationKey.label(key, lang) })),
            onClick: ({ key }) => onChange?.([...rules, newRule(key as OrientationKeyValue)]),
          }}
        >
          <Button icon={<PlusOutlined aria-hidden />} className={styles.add}>
            {t('plan.targeting.add')}
          </Button>
        </Dropdown>
      )}
      {!advanced && (
        <Typography.Text type="secondary" className={styles.hint}>
          {t('plan.targeting.audienceNeedsAdvanced')}
        </Typography.Text>
      )}
    </div>
  );
}
