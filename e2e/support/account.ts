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

export async function signIn(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}
