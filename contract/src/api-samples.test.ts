import { describe, expect, it } from 'vitest';
import {
  CLIENT_IMPORT,
  clientExample,
  curlExample,
  exampleUrl,
  nodeExample,
  phpExample,
  pythonExample,
  pythonLiteral,
  type ExampleCall,
} from './api-samples';

const call: ExampleCall = {
  origin: 'https://shop.example',
  path: '/api/v1/customer/proxy-list',
  query: { plan: 'p-1', country: '', count: '5', city: "O'Hare" },
  auth: ['apiKey'],
};

const purchase: ExampleCall = {
  origin: 'https://shop.example',
  method: 'post',
  path: '/api/v1/reseller/purchase',
  query: {},
  auth: ['apiKey', 'bearer'],
  headers: { 'Idempotency-Key': 'order-0001' },
  body: { planId: 'p-1', quantity: 5, trial: false, note: null, country: "O'Hare" },
};

describe('code examples', () => {
  it('leaves out empty parameters and encodes the rest', () => {
    expect(exampleUrl(call)).toBe('https://shop.example/api/v1/customer/proxy-list?plan=p-1&count=5&city=O%27Hare');
  });

  it('reads the key from the environment in every language, never inlining it', () => {
    expect(curlExample(call)).toBe(
      `curl -sS 'https://shop.example/api/v1/customer/proxy-list?plan=p-1&count=5&city=O%27Hare' \\\n  -H "x-api-key: $TOLLGATE_API_KEY"`,
    );
    expect(pythonExample(call)).toContain('"x-api-key": os.environ["TOLLGATE_API_KEY"],');
    expect(pythonExample(call)).toContain('"count": "5",');
    expect(pythonExample(call)).not.toContain('"country"');
    expect(pythonExample(call)).not.toContain('json=');
    expect(nodeExample(call)).toContain("'x-api-key': process.env.TOLLGATE_API_KEY");
    expect(nodeExample(call)).not.toContain('method:');
  });

  it('quotes single quotes for the shell', () => {
    const quoted = curlExample({ ...call, query: { q: "it's" }, auth: [] });
    expect(quoted).toBe(`curl -sS 'https://shop.example/api/v1/customer/proxy-list?q=it%27s'`);
  });

  it('sends a POST with both credentials, the Idempotency-Key and the JSON body in curl', () => {
    expect(curlExample(purchase)).toBe(
      [
        `curl -sS -X POST 'https://shop.example/api/v1/reseller/purchase'`,
        `-H "x-api-key: $TOLLGATE_API_KEY"`,
        `-H "Authorization: Bearer $TOLLGATE_TOKEN"`,
        `-H 'Idempotency-Key: order-0001'`,
        `-H 'content-type: application/json'`,
        `--data '{"planId":"p-1","quantity":5,"trial":false,"note":null,"country":"O'\\''Hare"}'`,
      ].join(' \\\n  '),
    );
  });

  it('writes the body as a Python literal and as JSON.stringify in Node, with the method and headers', () => {
    const python = pythonExample(purchase);
    expect(python).toContain('requests.request(\n    "POST",');
    expect(python).toContain('"Authorization": "Bearer " + os.environ["TOLLGATE_TOKEN"],');
    expect(python).toContain('"Idempotency-Key": "order-0001",');
    expect(python).toContain('"trial": False,');
    expect(python).toContain('"note": None,');
    const node = nodeExample(purchase);
    expect(node).toContain("method: 'POST'");
    expect(node).toContain('authorization: `Bearer ${process.env.TOLLGATE_TOKEN}`');
    expect(node).toContain('"Idempotency-Key": "order-0001"');
    expect(node).toContain("'content-type': 'application/json'");
    expect(node).toContain('body: JSON.stringify({\n    "planId": "p-1",');
  });

  it('keeps JSON keywords inside strings as they are in Python', () => {
    expect(pythonLiteral({ a: 'true null', b: true })).toBe('{\n        "a": "true null",\n        "b": True\n    }');
  });
});

describe('the typed client sample', () => {
  it('calls the operation by name with its path parameters, body and Idempotency-Key, credentials from the environment', () => {
    const sample = clientExample({
      ...purchase,
      path: '/api/v1/reseller/sub-users/s-1/plans',
      operationId: 'resellerSellSubUserPlan',
      params: { id: 's-1' },
      body: { region: 'US', bandwidth: 1, days: 30 },
    });
    expect(sample).toBe(
      [
        CLIENT_IMPORT,
        '',
        'const tollgate = createClient({',
        '  baseUrl: "https://shop.example",',
        '  apiKey: process.env.TOLLGATE_API_KEY,',
        '  token: process.env.TOLLGATE_TOKEN,',
        '});',
        'const answer = await tollgate.call("resellerSellSubUserPlan", {',
        '  params: {',
        '    "id": "s-1"',
        '  },',
        '  body: {',
        '    "region": "US",',
        '    "bandwidth": 1,',
        '    "days": 30',
        '  },',
        '  idempotencyKey: "order-0001",',
        '});',
        'if (!answer.ok) throw new Error(`${answer.status} ${answer.message}`);',
        'console.log(answer.data);',
      ].join('\n'),
    );
    expect(clientExample({ ...call, operationId: 'customerProxyInfo' })).toContain(
      'tollgate.call("customerProxyInfo", {\n  query: {\n    "plan": "p-1",',
    );
  });

  it('writes PHP with the credentials from the environment and quotes that survive a quote and a backslash', () => {
    const php = phpExample({ ...purchase, body: { note: "it's C:\\tmp" } });
    expect(php.startsWith('<?php\n')).toBe(true);
    expect(php).toContain("'x-api-key: ' . getenv('TOLLGATE_API_KEY')");
    expect(php).toContain("'Authorization: Bearer ' . getenv('TOLLGATE_TOKEN')");
    expect(php).toContain("'Idempotency-Key: order-0001'");
    expect(php).toContain(`'content' => '{"note":"it\\'s C:\\\\\\\\tmp"}'`);
    expect(phpExample(call)).toContain(
      `'https://shop.example/api/v1/customer/proxy-list?plan=p-1&count=5&city=O%27Hare'`,
    );
  });
});
