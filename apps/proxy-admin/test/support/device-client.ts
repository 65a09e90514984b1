/** A device's side of RFC 8628 against a running proxy, as a standard client would speak it. */
export interface DeviceStart {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

export const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

export async function startDeviceFlow(
  base: string,
  email: string,
  headers: Record<string, string> = {},
): Promise<DeviceStart> {
  const response = await fetch(`${base}/oauth/device/code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email }),
  });
  if (response.status !== 200)
    throw new Error(`device code: ${response.status} ${await response.text()}`);
  return (await response.json()) as DeviceStart;
}

/** One poll, form-encoded as RFC 8628 clients send it. */
export async function pollDeviceToken(
  base: string,
  deviceCode: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${base}/oauth/device/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: DEVICE_GRANT, device_code: deviceCode }).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
