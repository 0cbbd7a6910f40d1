import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hkdfSync, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';

/** The ES256 key pair that signs access tokens; its public half is published as the JWKS. */
export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
  /**
   * 32 bytes derived from the private key (HKDF-SHA256) that encrypt secrets kept at rest, such as
   * TOTP secrets: whoever reads the database alone cannot use them. A new signing key makes them
   * unreadable too (docs/security.md says what that means for enrolled authenticators).
   */
  secretsKey: Buffer;
}

const ALG = 'ES256';

/**
 * Reads the key from JWT_PRIVATE_KEY (a private JWK as JSON, for several instances sharing one
 * key), else from the data folder, creating it there on first start with owner-only permissions.
 */
export async function loadSigningKeys(options: { fromEnv?: string | undefined; dataDir: string }): Promise<SigningKeys> {
  if (options.fromEnv) return fromPrivateJwk(parseJwk(options.fromEnv, 'JWT_PRIVATE_KEY'));
  if (options.dataDir.startsWith('memory://')) return fromPrivateJwk(await newPrivateJwk());
  const file = join(options.dataDir, 'signing-key.json');
  if (existsSync(file)) return fromPrivateJwk(parseJwk(readFileSync(file, 'utf8'), file));
  const jwk = await newPrivateJwk();
  mkdirSync(options.dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(jwk), { mode: 0o600 });
  chmodSync(file, 0o600);
  return fromPrivateJwk(jwk);
}

export async function newPrivateJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(ALG, { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: ALG, use: 'sig' };
}

function parseJwk(text: string, source: string): JWK {
  try {
    const jwk = JSON.parse(text) as JWK;
    if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.d || !jwk.kid) throw new Error('not a P-256 private JWK with a kid');
    return jwk;
  } catch (error) {
    throw new Error(`${source} is not a valid ES256 private key: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

async function fromPrivateJwk(jwk: JWK): Promise<SigningKeys> {
  const { d: _private, ...publicPart } = jwk;
  const publicJwk: JWK = {
    kty: publicPart.kty,
    crv: publicPart.crv,
    x: publicPart.x,
    y: publicPart.y,
    kid: jwk.kid,
    alg: ALG,
    use: 'sig',
    key_ops: ['verify'],
  };
  return {
    kid: jwk.kid as string,
    privateKey: (await importJWK({ ...jwk, alg: ALG }, ALG)) as CryptoKey,
    publicKey: (await importJWK({ kty: publicJwk.kty, crv: publicJwk.crv, x: publicJwk.x, y: publicJwk.y }, ALG)) as CryptoKey,
    publicJwk,
    secretsKey: Buffer.from(hkdfSync('sha256', Buffer.from(jwk.d as string, 'base64url'), 'mission-control', 'secrets-at-rest-v1', 32)),
  };
}
