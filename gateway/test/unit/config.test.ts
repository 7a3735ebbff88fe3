import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@app/kit';
import { trustProxy } from '../../src/config.js';
import { service } from '../../src/service.js';

/** Every variable the gateway reads: the base ones and its own. */
const gatewayEnv = service.configSchema;

const base = {
  NATS_URL: 'nats://127.0.0.1:4222',
  INTERNAL_SECRET: 'x'.repeat(32),
  JWT_SECRET: 'y'.repeat(32),
  AUTH_URL: 'http://127.0.0.1:3001',
  BILLING_URL: 'http://127.0.0.1:3002',
  PAGES_URL: 'http://127.0.0.1:3003',
  MAIL_URL: 'http://127.0.0.1:3005',
  ADMIN_STATS_URL: 'http://127.0.0.1:3006',
  CLASSROOM_URL: 'http://127.0.0.1:3007',
  WEB_DIST: 'web/dist',
};

describe('TRUST_PROXY', () => {
  it('is off unless set: the socket address is the client', () => {
    expect(trustProxy.parse(undefined)).toBe(false);
    expect(trustProxy.parse('')).toBe(false);
    expect(trustProxy.parse('false')).toBe(false);
    expect(trustProxy.parse(' FALSE ')).toBe(false);
    expect(loadConfig(gatewayEnv, base).TRUST_PROXY).toBe(false);
    // docker compose hands over `${TRUST_PROXY:-}`: empty is unset.
    expect(loadConfig(gatewayEnv, { ...base, TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
  });

  it('takes true, addresses, CIDRs (v4 and v6, prefix or netmask) and proxy-addr names', () => {
    expect(trustProxy.parse('true')).toBe(true);
    expect(trustProxy.parse('10.0.0.1')).toEqual(['10.0.0.1']);
    expect(trustProxy.parse('10.0.0.0/8, 172.16.0.0/12 ,fd00::/8')).toEqual([
      '10.0.0.0/8',
      '172.16.0.0/12',
      'fd00::/8',
    ]);
    expect(trustProxy.parse('192.168.0.0/255.255.0.0,::1')).toEqual(['192.168.0.0/255.255.0.0', '::1']);
    expect(trustProxy.parse('loopback,uniquelocal,linklocal')).toEqual([
      'loopback',
      'uniquelocal',
      'linklocal',
    ]);
    expect(loadConfig(gatewayEnv, { ...base, TRUST_PROXY: 'uniquelocal' }).TRUST_PROXY).toEqual([
      'uniquelocal',
    ]);
  });

  it('refuses hop counts (Fastify 5 trusts nothing with one), bad addresses and bad prefixes, naming the variable', () => {
    for (const bad of [
      '1',
      '2',
      'yes',
      '10.0.0.0/33',
      'fd00::/129',
      '10.0.0.1/8/1',
      'proxy.local',
      ',',
      '::1/ff',
    ])
      expect(trustProxy.safeParse(bad).success, bad).toBe(false);
    expect(() => loadConfig(gatewayEnv, { ...base, TRUST_PROXY: '1' })).toThrow(ConfigError);
    expect(() => loadConfig(gatewayEnv, { ...base, TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY/);
  });
});

describe('the company and support settings (footer, legal and support pages)', () => {
  it('has development defaults: a name and a support email, no CNPJ and no WhatsApp', () => {
    const config = loadConfig(gatewayEnv, base);
    expect(config.COMPANY_NAME).toBe('Exercícios de Matemática');
    expect(config.SUPPORT_EMAIL).toBe('contato@exerciciosdematematica.com.br');
    expect(config.COMPANY_CNPJ).toBeUndefined();
    expect(config.SUPPORT_WHATSAPP).toBeUndefined();
    // docker compose and a configmap hand over empty values: empty is unset.
    const blank = loadConfig(gatewayEnv, { ...base, COMPANY_CNPJ: '', SUPPORT_WHATSAPP: ' ' });
    expect(blank.COMPANY_CNPJ).toBeUndefined();
    expect(blank.SUPPORT_WHATSAPP).toBeUndefined();
  });

  it('keeps a WhatsApp number as wa.me wants it (digits) and a CNPJ in its written form', () => {
    const config = loadConfig(gatewayEnv, {
      ...base,
      SUPPORT_WHATSAPP: '+55 (11) 91234-5678',
      COMPANY_CNPJ: '12345678000190',
      SUPPORT_EMAIL: 'suporte@example.com.br',
    });
    expect(config.SUPPORT_WHATSAPP).toBe('5511912345678');
    expect(config.COMPANY_CNPJ).toBe('12.345.678/0001-90');
    expect(config.SUPPORT_EMAIL).toBe('suporte@example.com.br');
  });

  it('refuses a bad email, phone number or CNPJ, naming the variable', () => {
    for (const [name, value] of [
      ['SUPPORT_EMAIL', 'not-an-email'],
      ['SUPPORT_WHATSAPP', '12345'],
      ['SUPPORT_WHATSAPP', 'whatsapp'],
      ['COMPANY_CNPJ', '12.345.678/0001'],
    ] as const) {
      expect(() => loadConfig(gatewayEnv, { ...base, [name]: value }), `${name}=${value}`).toThrow(
        ConfigError,
      );
      expect(() => loadConfig(gatewayEnv, { ...base, [name]: value })).toThrow(name);
    }
  });
});
