import { describe, expect, it } from 'vitest';
import { REDACTED_EMAIL, REDACTED_PHONE, redactContactDetails } from './redact-contact-details';

describe('redactContactDetails', () => {
  it.each([
    ['maria.joseph@example.com', REDACTED_EMAIL],
    ['My e-mail is Maria.Joseph+care@mail.example.co.tt, thanks', `My e-mail is ${REDACTED_EMAIL}, thanks`],
    ['josé.pérez@correo.example', REDACTED_EMAIL],
  ])('takes out the e-mail address in %j', (input, expected) => {
    expect(redactContactDetails(input)).toBe(expected);
  });

  it.each([
    ['+1 868 555 1234', REDACTED_PHONE],
    ['1-868-555-1234', REDACTED_PHONE],
    ['(868) 555-1234', REDACTED_PHONE],
    ['868.555.1234', REDACTED_PHONE],
    ['8685551234', REDACTED_PHONE],
    ['555-1234', REDACTED_PHONE],
    ['Call me on 868 555 1234 after six.', `Call me on ${REDACTED_PHONE} after six.`],
    ['868 555 1234 868 555 4321', REDACTED_PHONE],
  ])('takes out the phone number in %j', (input, expected) => {
    expect(redactContactDetails(input)).toBe(expected);
  });

  it('takes out both from one message and leaves the rest as typed', () => {
    expect(redactContactDetails('Reach me at ann@example.org or +1 (868) 555-0000. I live in Arima.')).toBe(
      `Reach me at ${REDACTED_EMAIL} or ${REDACTED_PHONE}. I live in Arima.`,
    );
  });

  it.each([
    'My mother is 84 and has dementia.',
    'Around 150 to 200 TT$ an hour',
    'Since 2019-04-01',
    '3 days a week, 8 hours a day',
    'Mornings 9:30 to 12:00',
    'Port of Spain',
    'Use the @ sign',
  ])('leaves %j alone: no contact details in it', (input) => {
    expect(redactContactDetails(input)).toBe(input);
  });
});
