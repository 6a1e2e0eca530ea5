import { beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { z } from 'zod';
import { setupI18n } from '../../lib/i18n';
import { zodRule } from '../../lib/zodRule';
import { LeaveGuardProvider } from '../leave-guard/LeaveGuardProvider';
import { FormDialog } from './editing';

const ZFields = z.object({ name: z.string().min(1), note: z.string().max(20) });
type Fields = z.infer<typeof ZFields>;

function Dialog({ onSubmit }: { onSubmit(values: Fields): Promise<boolean> }) {
  const [form] = Form.useForm<Fields>();
  return (
    <FormDialog<Fields> title="Add" open form={form} onCancel={() => undefined} onSubmit={onSubmit}>
      <Form.Item label="Name" name="name" rules={[zodRule(ZFields, 'name')]}>
        <Input />
      </Form.Item>
      <Form.Item label="Note" name="note" rules={[zodRule(ZFields, 'note')]}>
        <Input.TextArea />
      </Form.Item>
    </FormDialog>
  );
}

function renderDialog(onSubmit = vi.fn(async (_values: Fields) => true)) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <LeaveGuardProvider>
          <Dialog onSubmit={onSubmit} />
        </LeaveGuardProvider>
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
  return onSubmit;
}

const label = (text: string) => screen.getByText(text, { selector: 'label' });

beforeAll(async () => {
  await setupI18n('en');
  configure({ asyncUtilTimeout: 5000 });
});

describe('FormDialog', { timeout: 20_000 }, () => {
  it('puts the focus on the first field when it opens', async () => {
    renderDialog();
    const name = await screen.findByLabelText('Name');
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it("marks the schema's required fields, and only them", async () => {
    renderDialog();
    await screen.findByLabelText('Name');
    expect(label('Name').classList.contains('ant-form-item-required')).toBe(true);
    expect(label('Note').classList.contains('ant-form-item-required')).toBe(false);
  });

  it("submits on Enter in a field, with the schema's message when empty", async () => {
    const onSubmit = renderDialog();
    const name = await screen.findByLabelText('Name');
    fireEvent.change(name, { target: { value: 'x' } });
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.keyDown(name, { key: 'Enter', code: 'Enter' });
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(name, { target: { value: 'Spring' } });
    fireEvent.keyDown(name, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Spring' }));
  });

  it('does not submit on Enter in a text area or while an input method composes', async () => {
    const onSubmit = renderDialog();
    const name = await screen.findByLabelText('Name');
    fireEvent.change(name, { target: { value: 'Spring' } });
    fireEvent.keyDown(name, { key: 'Enter', code: 'Enter', isComposing: true });
    fireEvent.keyDown(screen.getByLabelText('Note'), { key: 'Enter', code: 'Enter' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
