import type { Page } from 'playwright-core';

/**
 * Signs in on the test IdP's login page the browser is showing (consent is granted by the IdP
 * itself) and waits until the browser has left the sign-in pages. Throws when the IdP refuses.
 */
export async function signInAtTestIdp(page: Page, email: string, password: string): Promise<void> {
  const form = page.locator('form#test-idp-login');
  await form.waitFor();
  const idpOrigin = new URL(page.url()).origin;
  await form.locator('input[name="login"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  // Redirects are not committed: the first page committed after the POST is the IdP's answer.
  const answered = page.waitForEvent('framenavigated', {
    predicate: (f) => f === page.mainFrame(),
  });
  await form.locator('button[type="submit"]').click();
  await answered;
  await page.waitForLoadState('domcontentloaded');
  const refusal = page.locator('[data-test-idp-error]');
  if (new URL(page.url()).origin === idpOrigin && (await refusal.count()) > 0) {
    throw new Error(`test IdP refused the sign-in of ${email}: ${await refusal.innerText()}`);
  }
}
