import assert from 'node:assert/strict';
import { detectPersonalData, ibanChecksumValid, luhnValid, type FindingKind } from '@sluice/plugin-privacy-guard';

/** The values of one kind the detectors find in a text. */
function found(text: string, kind?: FindingKind): string[] {
  return detectPersonalData(text)
    .filter((d) => kind === undefined || d.kind === kind)
    .map((d) => text.slice(d.start, d.end));
}

const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
/** Same shape, but the header decodes to `{"typ":"JWT"}`: no `alg`. */
const NO_ALG = 'eyJ0eXAiOiJKV1QifQ.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';

describe('privacy engine: detectors', () => {
  it('finds email addresses, not asset names or doubled dots', () => {
    assert.deepEqual(found('write to ana.lopez+news@mail.example.co.uk today', 'email'), ['ana.lopez+news@mail.example.co.uk']);
    assert.deepEqual(found('icons logo@2x.png and a..b@example.com'), []);
  });

  it('finds IPv4 addresses with valid octets, not versions or longer dotted runs', () => {
    assert.deepEqual(found('from 192.168.1.20, and 8.8.8.8.', 'ipv4'), ['192.168.1.20', '8.8.8.8']);
    assert.deepEqual(found('bad 256.1.1.1 and 10.0.0.01 and 1.2.3.4.5 and version 1.2.3.4 and v10.0.0.1'), []);
  });

  it('finds international and national phone numbers, not bare digits, dates or references', () => {
    const text = 'call +44 20 7946 0958, (415) 555-2671, 415.555.2671, 020 7946 0958 or 06 12 34 56 78';
    assert.deepEqual(found(text, 'phone'), [
      '+44 20 7946 0958',
      '(415) 555-2671',
      '415.555.2671',
      '020 7946 0958',
      '06 12 34 56 78',
    ]);
    assert.deepEqual(found('id 4155552671, on 15.01.2024, order #0123 4567 8901, grew +100.000.000, call 555-0100'), []);
  });

  it('finds JWTs whose header names an alg', () => {
    assert.deepEqual(found(`token ${JWT} ok`, 'jwt'), [JWT]);
    assert.deepEqual(found(`token ${NO_ALG} ok`), []);
  });

  it('finds provider API keys by prefix, not look-alikes', () => {
    const keys = [
      'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv',
      'sk-ant-api03-Zx9yW8vU7tS6rQ5pO4nM3lK2',
      'AKIAIOSFODNN7EXAMPLE',
      'ghp_1234567890abcdefghijABCDEFGHIJklmnop',
      'xoxb-123456789012-abcdefABCDEF',
      'AIzaSyA1234567890abcdefghijklmnopqrstuv',
      'sk_live_4eC39HqLyjWDarjtT1zdp7dc',
    ];
    for (const key of keys) assert.deepEqual(found(`key=${key};`, 'api_key'), [key], key);
    assert.deepEqual(found('sk-this-is-not-a-real-key-at-all and sk-learn and task-12345'), []);
  });

  it('finds the token after Bearer, and the word stays', () => {
    assert.deepEqual(found('Authorization: Bearer 9f8e7d6c5b4a39281706abcd'), ['9f8e7d6c5b4a39281706abcd']);
    assert.equal(detectPersonalData('Authorization: Bearer 9f8e7d6c5b4a39281706abcd')[0]?.kind, 'bearer_token');
    assert.deepEqual(found('Bearer authentication_flows are explained here'), []);
  });

  it('a JWT after Bearer is one bearer token, not two findings', () => {
    const findings = detectPersonalData(`Authorization: Bearer ${JWT}`);
    assert.deepEqual(
      findings.map((f) => f.kind),
      ['bearer_token'],
    );
  });

  it('finds PEM private key blocks, also one cut off before its END line', () => {
    const key = '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7\n-----END RSA PRIVATE KEY-----';
    assert.deepEqual(found(`here:\n${key}\nthanks`, 'private_key'), [key]);
    assert.deepEqual(found('-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk', 'private_key').length, 1);
    assert.deepEqual(found('-----BEGIN PUBLIC KEY-----\nMIIBIjANBg\n-----END PUBLIC KEY-----'), []);
  });

  it('finds card numbers with a valid Luhn sum, grouped or plain', () => {
    assert.ok(luhnValid('4111111111111111') && !luhnValid('4111111111111112'));
    assert.deepEqual(found('card 4111 1111 1111 1111 or 5555-5555-5555-4444 or 378282246310005', 'credit_card_like'), [
      '4111 1111 1111 1111',
      '5555-5555-5555-4444',
      '378282246310005',
    ]);
    assert.deepEqual(found('4111 1111 1111 1112, timestamp 1700000000000, 0000 0000 0000 0000'), []);
  });

  it('finds US SSNs outside the ranges never issued', () => {
    assert.deepEqual(found('ssn 123-45-6789 and 536 22 1234', 'ssn'), ['123-45-6789', '536 22 1234']);
    assert.deepEqual(found('000-12-3456 666-12-3456 912-12-3456 123-00-4567 123-45-0000 078-05-1120 123-45 6789'), []);
  });

  it('finds IBANs with the country length and a valid mod-97 check, ending at the account', () => {
    assert.ok(ibanChecksumValid('GB82WEST12345698765432') && !ibanChecksumValid('GB82WEST12345698765433'));
    assert.deepEqual(found('pay DE89 3704 0044 0532 0130 00 EUR or GB82WEST12345698765432.', 'iban'), [
      'DE89 3704 0044 0532 0130 00',
      'GB82WEST12345698765432',
    ]);
    assert.deepEqual(found('GB82WEST12345698765433 and ZZ12 3456 7890 1234 5678'), []);
  });

  it('reports findings in reading order without overlaps', () => {
    const text = 'ana@example.org at 10.1.2.3, card 4111111111111111';
    const findings = detectPersonalData(text);
    assert.deepEqual(
      findings.map((f) => f.kind),
      ['email', 'ipv4', 'credit_card_like'],
    );
    for (let i = 1; i < findings.length; i += 1) assert.ok(findings[i]!.start >= findings[i - 1]!.end);
  });

  it('reports only the kinds asked for', () => {
    assert.deepEqual(
      detectPersonalData('ana@example.org at 10.1.2.3', { kinds: ['ipv4'] }).map((f) => f.kind),
      ['ipv4'],
    );
  });

  it('answers inputs built to make regular expressions backtrack (bounded by the test timeout)', () => {
    const inputs = [
      `+1${'2'.repeat(60)}x`,
      `+1${' 23'.repeat(40)}x`,
      `01${' 23'.repeat(20000)}`,
      `a@${'b.'.repeat(5000)}1`,
      `x@${'b-'.repeat(30000)}`,
      `${'a.'.repeat(30000)}@`,
      '4 '.repeat(50000),
      '1.1.'.repeat(30000),
      `eyJ${'aaaaa.'.repeat(20000)}`,
      `DE12 ${'ABCD '.repeat(20000)}`,
    ];
    for (const text of inputs) assert.ok(found(text).every((value) => value.length < 40));
    const many = 'ana@example.org, +44 20 7946 0958, 10.0.0.1; '.repeat(5000);
    assert.equal(detectPersonalData(many).length, 15000);
  });
});
