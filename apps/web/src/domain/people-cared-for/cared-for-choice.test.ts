import { describe, expect, it } from 'vitest';
import { caredForNames, chooseCaredFor, NO_CHOICE, selectedCaredFor } from './cared-for-choice';

const known = ['Mary Jones', 'Ravi Persad'];

describe('choosing the person cared for', () => {
  it('shows the first person the family named until they pick another', () => {
    expect(selectedCaredFor(known, NO_CHOICE)).toBe('Mary Jones');
    expect(caredForNames(known, NO_CHOICE)).toEqual(known);
  });

  it('with nobody known yet, nobody is shown (the page asks for a name)', () => {
    expect(selectedCaredFor([], NO_CHOICE)).toBeNull();
    expect(caredForNames([], NO_CHOICE)).toEqual([]);
  });

  it('picking a known person shows them and adds no one', () => {
    const next = chooseCaredFor(known, NO_CHOICE, 'Ravi Persad');
    expect(selectedCaredFor(known, next)).toBe('Ravi Persad');
    expect(caredForNames(known, next)).toEqual(known);
  });

  it('someone new is offered after the known people and shown', () => {
    const next = chooseCaredFor(known, NO_CHOICE, 'Auntie Joan');
    expect(caredForNames(known, next)).toEqual(['Mary Jones', 'Ravi Persad', 'Auntie Joan']);
    expect(selectedCaredFor(known, next)).toBe('Auntie Joan');
  });

  it('a known name typed in another case or spacing is the same person, not a second button', () => {
    const next = chooseCaredFor(known, NO_CHOICE, '  mary   JONES ');
    expect(caredForNames(known, next)).toEqual(known);
  });

  it('once saved, an added person is listed once, as the server spells them', () => {
    const added = chooseCaredFor(known, NO_CHOICE, 'auntie joan');
    expect(caredForNames([...known, 'Auntie Joan'], added)).toEqual(['Mary Jones', 'Ravi Persad', 'Auntie Joan']);
  });
});
