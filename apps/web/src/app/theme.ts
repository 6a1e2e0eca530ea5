import type { ThemeConfig } from 'antd';

/**
 * Ant Design's defaults with colours dark enough for WCAG AA text contrast (the
 * accessibility budget of docs/product/design.md#budgets): the default primary #1677ff under white text and the
 * 45 % grey of secondary text fall short of 4.5:1, and so do the 25 % grey of placeholders and
 * the coloured text of tags (styles.css darkens those). The primary colour's twin for the
 * console's own CSS is `--adl-primary` in styles.css: change both together.
 */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    colorInfo: '#0958d9',
    colorError: '#cf1322',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    // Placeholders and disabled text at 4.5:1 on white and on a disabled field's grey
    // (antd's 25 % grey gives 1.8:1; axe and Lighthouse count both).
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.57)',
    colorTextDisabled: 'rgba(0, 0, 0, 0.57)',
    borderRadius: 6,
  },
  components: {
    Layout: { headerBg: '#ffffff', headerPadding: '0 16px', footerPadding: '16px 24px' },
    // An off switch's track is the 25 % grey: its white "Off" text read at 1.8:1; 55 % gives 4.7:1.
    Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.55)' },
  },
};
