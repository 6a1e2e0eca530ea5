import { beforeAll, describe, expect, it } from 'vitest';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { Link, RouterProvider, createMemoryRouter } from 'react-router';
import { FormDialog } from '../list/editing';
import { setupI18n } from '../../lib/i18n';
import { LeaveGuardProvider } from './LeaveGuardProvider';
import { stableJson, useLeaveGuard } from './useLeaveGuard';

function NameForm() {
  const [form] = Form.useForm<{ name: string }>();
  const leave = useLeaveGuard(form);
  const [saved, setSaved] = useState(false);
  return (
    <>
      {leave.holder}
      {saved && <output>saved</output>}
      <Form
        form={form}
        initialValues={{ name: 'Spring' }}
        onFinish={() => {
          leave.markSaved();
          setSaved(true);
        }}
      >
        <Form.Item label="Name" name="name">
          <Input />
        </Form.Item>
        <Button htmlType="submit">Save</Button>
      </Form>
      <Link to="/elsewhere">Elsewhere</Link>
    </>
  );
}

function renderAt(element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/form', element: <LeaveGuardProvider>{element}</LeaveGuardProvider> },
      { path: '/elsewhere', element: <h1>Elsewhere page</h1> },
    ],
    { initialEntries: ['/form'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const nameField = () => screen.getByLabelText<HTMLInputElement>('Name');

beforeAll(async () => {
  await setupI18n('en');
  configure({ asyncUtilTimeout: 5000 });
});

describe('leave protection', { timeout: 20_000 }, () => {
  it('compares stores whatever the key order, ignoring undefined keys', () => {
    expect(stableJson({ b: 1, a: { d: [1], c: undefined } })).toBe(
      stableJson({ a: { d: [1] }, b: 1 }),
    );
    expect(stableJson({ a: 1 })).not.toBe(stableJson({ a: 2 }));
  });

  it('an untouched form leaves without asking', async () => {
    const router = renderAt(<NameForm />);
    fireEvent.click(screen.getByText('Elsewhere'));
    await screen.findByText('Elsewhere page');
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('a changed form asks; stay keeps the edit, leave discards it', async () => {
    const router = renderAt(<NameForm />);
    fireEvent.change(nameField(), { target: { value: 'Summer' } });
    fireEvent.click(screen.getByText('Elsewhere'));
    await screen.findByText('Leave this page?');
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/form'));
    expect(nameField().value).toBe('Summer');

    fireEvent.click(screen.getByText('Elsewhere'));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await screen.findByText('Elsewhere page');
  });

  it('an edit undone by hand leaves without asking', async () => {
    renderAt(<NameForm />);
    fireEvent.change(nameField(), { target: { value: 'Summer' } });
    fireEvent.change(nameField(), { target: { value: 'Spring' } });
    fireEvent.click(screen.getByText('Elsewhere'));
    await screen.findByText('Elsewhere page');
  });

  it('a saved form leaves without asking', async () => {
    renderAt(<NameForm />);
    fireEvent.change(nameField(), { target: { value: 'Summer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('saved');
    fireEvent.click(screen.getByText('Elsewhere'));
    await screen.findByText('Elsewhere page');
  });

  it('closing or reloading the tab with changes is asked by the browser', () => {
    renderAt(<NameForm />);
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    fireEvent.change(nameField(), { target: { value: 'Summer' } });
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});

function DialogHarness() {
  const [open, setOpen] = useState(true);
  const [form] = Form.useForm<{ name: string }>();
  return (
    <>
      <output>{open ? 'open' : 'closed'}</output>
      <FormDialog
        title="Edit country"
        open={open}
        form={form}
        initialValues={{ name: 'France' }}
        onCancel={() => setOpen(false)}
        onSubmit={() => Promise.resolve(true)}
      >
        <Form.Item label="Name" name="name">
          <Input />
        </Form.Item>
      </FormDialog>
    </>
  );
}

describe('a list dialog with changes', { timeout: 20_000 }, () => {
  it('closes at once when nothing changed', async () => {
    renderAt(<DialogHarness />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await screen.findByText('closed');
  });

  it('asks before Cancel throws changes away, and stays when told', async () => {
    renderAt(<DialogHarness />);
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Francia' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findAllByText('Discard your changes?');
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Stay' })).toBeNull());
    expect(screen.getByText('open')).toBeTruthy();
    expect(nameField().value).toBe('Francia');

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await screen.findByText('closed');
  });

  it('a saved dialog closes without asking', async () => {
    renderAt(<DialogHarness />);
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Francia' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('closed');
    expect(screen.queryByText('Discard your changes?')).toBeNull();
  });
});
