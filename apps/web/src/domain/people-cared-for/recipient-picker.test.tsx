import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from '@/testing/render';
import { RecipientPicker } from './recipient-picker';

describe('choosing the person cared for', () => {
  it('with nobody known, asks for a name and will not go on without one', async () => {
    const onSelect = vi.fn();
    render(<RecipientPicker names={[]} selected={null} onSelect={onSelect} />);
    await expect.element(page.getByRole('heading', { name: 'Who do you care for?' })).toBeInTheDocument();
    await userEvent.fill(page.getByLabelText('Their name'), '   ');
    await userEvent.click(page.getByRole('button', { name: 'Continue' }));
    await expect.element(page.getByText('Please enter the name of the person you care for.')).toBeInTheDocument();
    await expect.element(page.getByLabelText('Their name')).toHaveFocus();
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('a new name is chosen with its spaces tidied', async () => {
    const onSelect = vi.fn();
    render(<RecipientPicker names={['Mary Jones']} selected="Mary Jones" onSelect={onSelect} />);
    await userEvent.click(page.getByRole('button', { name: 'Someone else' }));
    await userEvent.fill(page.getByLabelText('Their name'), '  Auntie   Joan ');
    await userEvent.click(page.getByRole('button', { name: 'Continue' }));
    expect(onSelect).toHaveBeenCalledWith('Auntie Joan');
    await expect.element(page.getByLabelText('Their name')).not.toBeInTheDocument();
  });

  it('shows which known person is chosen, and picks another', async () => {
    const onSelect = vi.fn();
    render(<RecipientPicker names={['Mary Jones', 'Ravi Persad']} selected="Mary Jones" onSelect={onSelect} />);
    await expect.element(page.getByRole('button', { name: 'Mary Jones' })).toHaveAttribute('aria-pressed', 'true');
    await expect.element(page.getByRole('button', { name: 'Ravi Persad' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(page.getByRole('button', { name: 'Ravi Persad' }));
    expect(onSelect).toHaveBeenCalledWith('Ravi Persad');
  });
});
