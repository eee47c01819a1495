import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from '@/testing/render';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';

/**
 * Dialogs in a real browser: focus moves in, and on close returns to the control that opened it
 * (focus-return.ts), or to a fallback when that control has gone meanwhile.
 */

function ReportProblem({ removeOpener = false }: { removeOpener?: boolean }) {
  const [open, setOpen] = useState(false);
  const [openerShown, setOpenerShown] = useState(true);
  return (
    <main id="main" tabIndex={-1}>
      <button type="button">Before</button>
      {openerShown && (
        <button type="button" onClick={() => setOpen(true)}>
          Report a problem
        </button>
      )}
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next && removeOpener) setOpenerShown(false);
        }}
      >
        <DialogContent>
          <DialogTitle>Report a problem</DialogTitle>
          <DialogDescription>Tell us what went wrong.</DialogDescription>
          <label>
            What happened?
            <input />
          </label>
          <button type="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
        </DialogContent>
      </Dialog>
    </main>
  );
}

describe('Dialog', () => {
  it('takes focus when it opens and gives it back to its opener on Escape', async () => {
    render(<ReportProblem />);
    const opener = page.getByRole('button', { name: 'Report a problem' });
    await userEvent.click(opener);
    const dialog = page.getByRole('dialog', { name: 'Report a problem' });
    await expect.element(dialog).toBeVisible();
    await expect.element(page.getByLabelText('What happened?')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(opener).toHaveFocus();
  });

  it('gives focus back after a button inside closes it, too', async () => {
    render(<ReportProblem />);
    const opener = page.getByRole('button', { name: 'Report a problem' });
    await userEvent.click(opener);
    await userEvent.click(page.getByRole('button', { name: 'Cancel' }));
    await expect.element(opener).toHaveFocus();
  });

  it('when the opener is gone by then, focus goes to the main region, never nowhere', async () => {
    render(<ReportProblem removeOpener />);
    await userEvent.click(page.getByRole('button', { name: 'Report a problem' }));
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('main')).toHaveFocus();
  });
});
