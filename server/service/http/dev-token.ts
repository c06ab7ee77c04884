// The standalone service's tokens: SERVICE_TOKENS when set, else one dev token kept in
// .data/dev-token (created once, readable by the owner only). The token itself is never printed.
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export async function resolveServiceTokens(
  env: NodeJS.ProcessEnv,
  devTokenPath: string,
  log: (msg: string) => void,
): Promise<string[]> {
  const configured = (env.SERVICE_TOKENS ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t.length > 0);
  if (configured.length > 0) {
    log(`accepting ${configured.length} token(s) from SERVICE_TOKENS`);
    return configured;
  }
  let token = '';
  try {
    token = (await readFile(devTokenPath, 'utf8')).trim();
  } catch {
    // No dev token yet: created below.
  }
  if (!token) {
    token = randomBytes(24).toString('base64url');
    await mkdir(dirname(devTokenPath), { recursive: true });
    await writeFile(devTokenPath, `${token}\n`, { mode: 0o600 });
  }
  await chmod(devTokenPath, 0o600);
  log(`SERVICE_TOKENS not set: using the dev token in ${devTokenPath}`);
  return [token];
}
