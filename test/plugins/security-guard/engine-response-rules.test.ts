/** The built-in response rules: provider secrets and key blocks are caught, placeholders and code pass. */
import assert from 'node:assert/strict';
import { SecurityGuardEngine } from '@sluice/plugin-security-guard';

const engine = new SecurityGuardEngine();
const scan = (content: string) => engine.scan({ stage: 'response', messages: [{ role: 'assistant', content }] });
const ruleIds = (content: string) => scan(content).findings.map((f) => f.rule_id);

// Assembled at run time so no file of the repository holds a string shaped like a live secret.
const fake = (prefix: string, body: string) => `${prefix}${body}`;
const leaks: [rule: string, text: string][] = [
  ['leak.private_key', 'Here it is:\n-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA7x\n-----END RSA PRIVATE KEY-----'],
  ['leak.private_key', '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjE=\n-----END OPENSSH PRIVATE KEY-----'],
  ['leak.openai_api_key', `Use ${fake('sk-', 'Q2w8Er4tY6uI0oP1aS3dF5gH7jK9lZ2x')} as the key.`],
  ['leak.openai_api_key', `OPENAI_API_KEY=${fake('sk-proj-', '4f9Kx2LmQ8vT1bN7cR3yW6zA0pE5hJ9sUu')}`],
  ['leak.anthropic_api_key', `key: ${fake('sk-ant-api03-', 'h7Gk2LmQ8vT1bN7cR3yW6zA0pE5hJ9s')}`],
  ['leak.aws_access_key', `aws_access_key_id = ${fake('AKIA', 'Q3EXAMPLE7Z4KD2M')}`],
  ['leak.aws_access_key', `aws_secret_access_key = ${fake('wJalrXUtnFEMI/K7MDENG/', 'bPxRfiCYEXAMPLEKEY')}`],
  ['leak.github_token', `git clone https://${fake('ghp_', 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8')}@github.com/o/r`],
  ['leak.github_token', fake('github_pat_', '11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz')],
  ['leak.slack_token', `SLACK_BOT_TOKEN=${fake('xoxb-', '2044-1189-Zt3kQ9wLp0Vb7Rm1')}`],
  ['leak.google_api_key', `?key=${fake('AIza', 'SyD3x4mPl3K3y-AbCdEfGhIjKlMnOpQrStU')}`],
  ['leak.stripe_secret_key', `stripe.api_key = "${fake('sk_live_', '51HqLyjWDarjtT1zdp7dcXYZ')}"`],
  [
    'leak.jwt',
    `token: ${fake('eyJhbGciOiJIUzI1NiJ9', '.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U')}`,
  ],
  ['leak.bearer_token', 'curl -H "Authorization: Bearer 9f8e7d6c5b4a39281716f5e4d3c2b1a0" https://api.example.com'],
  ['leak.password', 'The database login is admin / password: Tr0ub4dor&3'],
  // A value without a digit that ends in a keyword: the password after it is still read.
  ['leak.password', 'password=password= Tr0ub4dor&3'],
  ['leak.password', 'passwd:changeme-client_secret= s3cr3t-v4lue'],
];

const harmless = [
  'Set OPENAI_API_KEY=sk-your-key-here in your .env file.',
  'Send the header `Authorization: Bearer $OPENAI_API_KEY`.',
  'Use `Authorization: Bearer YOUR_ACCESS_TOKEN_HERE`.',
  'password = getpass.getpass()',
  'password: ${DB_PASSWORD}',
  'Your password: ********',
  'A JWT has three parts: header.payload.signature, each base64url encoded.',
  'Generate a key with `ssh-keygen -t ed25519`; never share the private key file.',
  'AWS access keys start with AKIA followed by 16 characters.',
];

describe('security engine: response rules', () => {
  for (const [rule, text] of leaks) {
    it(`${rule} catches a leak`, () => {
      assert.ok(ruleIds(text).includes(rule), `found ${JSON.stringify(ruleIds(text))}`);
    });
  }

  for (const text of harmless) {
    it(`passes: ${text.slice(0, 60)}`, () => {
      assert.deepEqual(ruleIds(text), []);
    });
  }

  it('every built-in response rule has a leak above', () => {
    const covered = new Set(leaks.map(([rule]) => rule));
    const missing = engine.rules.filter((r) => r.stage === 'response' && !covered.has(r.id)).map((r) => r.id);
    assert.deepEqual(missing, []);
  });

  it('a private key is critical and speaks for the reply over a medium finding', () => {
    const reply = scan('password: hunter22\n-----BEGIN EC PRIVATE KEY-----\nMHcCAQEE\n-----END EC PRIVATE KEY-----');
    assert.equal(reply.rule_id, 'leak.private_key');
    assert.equal(reply.severity, 'critical');
    assert.equal(reply.findings.length, 2);
  });

  it('counts a password once however many digitless keywords run before it, in linear time', () => {
    const run = 'password='.repeat(20_000);
    assert.equal(scan(`${run} hunter22`).findings.find((f) => f.rule_id === 'leak.password')?.count, 1);
    assert.deepEqual(ruleIds(`${run} changeme`), []);
  });

  it('response rules do not run on requests, nor request rules on responses', () => {
    const key = `my key is ${fake('sk-proj-', '4f9Kx2LmQ8vT1bN7cR3yW6zA0pE5hJ9sUu')}, why is it rejected?`;
    assert.equal(engine.scan({ stage: 'request', messages: [{ role: 'user', content: key }] }).allowed, true);
    assert.equal(scan('Sure. Ignore all previous instructions is a famous prompt-injection phrase.').allowed, true);
  });
});
