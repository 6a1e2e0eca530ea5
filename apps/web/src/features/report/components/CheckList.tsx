/**
 * A labelled group of checkboxes that never ends up empty (a report needs one dimension
 * and one metric) and keeps locked choices checked. Used by the dimension and metric pickers.
 */
import { Checkbox } from 'antd';
import styles from './report.module.css';

export function CheckList<V extends string>({
  legend,
  options,
  value,
  locked = [],
  onChange,
  testId,
}: {
  legend: string;
  options: readonly { value: V; label: string }[];
  value: readonly V[];
  locked?: readonly V[];
  onChange(next: V[]): void;
  testId?: string;
}) {
  return (
    <fieldset className={styles.fieldset} data-testid={testId}>
      <legend className={styles.legend}>{legend}</legend>
      <Checkbox.Group<V>
        value={[...value]}
        onChange={(next) => {
          // What was chosen keeps its order; a new choice goes last.
          const kept = [
            ...value.filter((option) => next.includes(option) || locked.includes(option)),
            ...next.filter((option) => !value.includes(option)),
          ];
          if (kept.length > 0) onChange(kept);
        }}
        options={options.map((option) => ({
          ...option,
          disabled:
            locked.includes(option.value) || (value.length === 1 && value[0] === option.value),
        }))}
      />
    </fieldset>
  );
}
