import { describe, expect, it } from 'vitest';
import { curlExample, exampleUrl, nodeExample, pythonExample, type ExampleCall } from './examples.ts';

const call: ExampleCall = {
  origin: 'https://shop.example',
  path: '/api/v1/customer/proxy-list',
  query: { plan: 'p-1', country: '', count: '5', city: "O'Hare" },
  auth: 'api-key',
};

describe('code examples', () => {
  it('leaves out empty parameters and encodes the rest', () => {
    expect(exampleUrl(call)).toBe('https://shop.example/api/v1/customer/proxy-list?plan=p-1&count=5&city=O%27Hare');
  });

  it('reads the key from the environment in every language, never inlining it', () => {
    expect(curlExample(call)).toBe(
      `curl -sS 'https://shop.example/api/v1/customer/proxy-list?plan=p-1&count=5&city=O%27Hare' \\\n  -H "x-api-key: $TOLLGATE_API_KEY"`,
    );
    expect(pythonExample(call)).toContain('headers={"x-api-key": os.environ["TOLLGATE_API_KEY"]}');
    expect(pythonExample(call)).toContain('"count": "5",');
    expect(pythonExample(call)).not.toContain('"country"');
    expect(nodeExample(call)).toContain("{ headers: { 'x-api-key': process.env.TOLLGATE_API_KEY } }");
  });

  it('quotes single quotes for the shell', () => {
    const quoted = curlExample({ ...call, query: { q: "it's" }, auth: 'none' });
    expect(quoted).toBe(`curl -sS 'https://shop.example/api/v1/customer/proxy-list?q=it%27s'`);
  });
});
