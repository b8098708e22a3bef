// Steps of the account journeys, as a person does them in the console.
import type { Page } from 'playwright-core';
import { baseURL } from './browser';

export async function companyDomain(): Promise<string> {
  const response = await fetch(`${baseURL()}/api/config`);
  const body = (await response.json()) as { data: { companyDomain: string } };
  return body.data.companyDomain;
}

export const uniqueEmail = (domain: string, name = 'user') =>
  `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@${domain}`;

export async function fillSignUp(
  page: Page,
  person: { firstName: string; lastName: string; email: string; password: string },
) {
  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('First name').fill(person.firstName);
  await form.getByLabel('Last name').fill(person.lastName);
  await form.getByLabel('Email').fill(person.email);
  await form.getByLabel('Password', { exact: true }).fill(person.password);
  await form.getByLabel('Confirm password').fill(person.password);
  await form.getByLabel('I accept the terms and conditions').check();
  await form.getByRole('button', { name: 'Sign up' }).click();
}

/**
 * Signs in through the form and waits for the server's answer, which must be `status` (200: a
 * journey's sign-in is meant to work): another answer (a limit's 429, say) fails here with what the
 * server said, not 30 seconds later as a page that never reached the dashboard.
 */
export async function signIn(page: Page, email: string, password: string, status = 200) {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/login',
  );
  await form.getByRole('button', { name: 'Sign in' }).click();
  const answer = await answered;
  if (answer.status() !== status) {
    throw new Error(
      `The sign-in of ${email} was answered ${answer.status()}, not ${status}: ${await answer.text()}`,
    );
  }
}
