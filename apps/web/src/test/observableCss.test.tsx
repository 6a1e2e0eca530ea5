import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Form, Input, Modal, Select, Tabs } from 'antd';
import { observableCss, writeFullCss } from './observableCss';

describe('observableCss', () => {
  it('keeps the rules that set display, visibility or pointer-events, in their order', () => {
    expect(
      observableCss(
        '.a{color:red}.b{display:none}.c{margin:0;visibility:hidden}.x{color:blue}.d{pointer-events:none}.b.e{display:block}',
      ),
    ).toBe(
      '.b{display:none}.c{margin:0;visibility:hidden}.d{pointer-events:none}.b.e{display:block}',
    );
  });

  it('keeps grouping rules with what they hold, statements, and drops keyframes and fonts', () => {
    expect(
      observableCss(
        '@layer antd;@media (max-width:575px){.a{display:none}.b{color:red}}@media print{.c{color:red}}' +
          '@keyframes fade{0%{visibility:hidden}100%{visibility:visible}}@font-face{font-family:x;src:url(x)}',
      ),
    ).toBe('@layer antd;@media (max-width:575px){.a{display:none}}');
  });

  it('reads braces in quotes as text and property names only whole', () => {
    expect(
      observableCss('.a{content:"}{";display:flex}.b{--ant-display:none;grid-visibility:1}'),
    ).toBe('.a{content:"}{";display:flex}');
  });

  // Slow by design: jsdom matches the full CSS against every element once.
  it(
    'gives antd components the display, visibility and pointer-events the full CSS gives',
    {
      timeout: 60_000,
    },
    async () => {
      render(
        <>
          <Tabs
            items={[
              { key: 'one', label: 'One', children: <p>first pane</p> },
              { key: 'two', label: 'Two', children: <p>second pane</p> },
            ]}
          />
          <Modal open title="A dialog">
            <Form>
              <Form.Item label="Shown" name="shown">
                <Input />
              </Form.Item>
              <Form.Item label="Hidden" name="hidden" hidden>
                <Input />
              </Form.Item>
              <Form.Item label="Pick" name="pick">
                <Select open options={[{ value: 1, label: 'First' }]} />
              </Form.Item>
              <Form.Item label="Closed" name="closed">
                <Select options={[{ value: 2, label: 'Second' }]} />
              </Form.Item>
            </Form>
          </Modal>
        </>,
      );
      await screen.findByText('First');
      const observed = () =>
        Array.from(document.querySelectorAll('body *')).map((element) => {
          const style = getComputedStyle(element);
          return `${element.tagName} ${element.className} ${style.display} ${style.visibility} ${style.pointerEvents}`;
        });

      const trimmed = observed();
      // The trimmed CSS still hides what antd hides with CSS alone (a hidden form item).
      const hiddenItem = document.querySelector('.ant-form-item-hidden');
      expect(hiddenItem && getComputedStyle(hiddenItem).display).toBe('none');

      const styles = Array.from(document.querySelectorAll('style'));
      const trimmedLength = styles.reduce(
        (sum, style) => sum + (style.textContent?.length ?? 0),
        0,
      );
      for (const style of styles) writeFullCss(style, style.innerHTML);
      const fullLength = styles.reduce((sum, style) => sum + (style.textContent?.length ?? 0), 0);
      expect(fullLength).toBeGreaterThan(trimmedLength * 2);
      expect(observed()).toEqual(trimmed);
    },
  );
});
