import { Browser, chromium, Locator, Page } from 'playwright-core';
import { freePort } from './free-port';
import { createTestApp, TestApp, TestAppOptions } from './test-app';

/** Debian's chromium (`apt-get install -y chromium`), driven headless as a user would click through /docs. */
const CHROMIUM = '/usr/bin/chromium';

/** The app served at its PUBLIC_URL (the document's server, which try-it-out calls) and a browser beside it. */
export async function startSwaggerUiApp(
  options: TestAppOptions = {},
): Promise<{ t: TestApp; baseUrl: string; browser: Browser }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ ...options, env: { ...options.env, PUBLIC_URL: baseUrl } });
  await t.app.listen(port, '127.0.0.1');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  return { t, baseUrl, browser };
}

/** A file as a person picks it in the file input. */
export interface PickedFile {
  name: string;
  mimeType: string;
  text: string;
}

/** What a person types into try-it-out; `fields` of a multipart body are its text parts. */
export interface TryIt {
  path?: Record<string, string>;
  query?: Record<string, string | string[]>;
  body?: unknown;
  multipart?: { fields?: Record<string, string>; file: PickedFile };
}

/** The live response as the UI shows it: its code, the body text (empty when none), and the whole panel. */
export interface Shown {
  status: string;
  text: string;
  panel: string;
}

/** Types a query parameter: an array parameter gets one input per value, added with its button as a person would. */
async function fillParameter(row: Locator, value: string | string[]): Promise<void> {
  if (!Array.isArray(value)) return row.locator('input, textarea').first().fill(value);
  const items = row.locator('.json-schema-array input');
  for (let i = 0; i < value.length; i++) {
    if ((await items.count()) <= i) await row.locator('button.json-schema-form-item-add').click();
    await items.nth(i).fill(value[i]);
  }
}

async function fillMultipart(operation: Locator, multipart: NonNullable<TryIt['multipart']>): Promise<void> {
  const section = operation.locator('.opblock-section-request-body');
  await section.locator('select').first().selectOption('multipart/form-data');
  for (const [name, value] of Object.entries(multipart.fields ?? {}))
    await section.locator(`tr[data-property-name="${name}"] input[type="text"]`).fill(value);
  const { name, mimeType, text } = multipart.file;
  await section.locator('input[type="file"]').setInputFiles({ name, mimeType, buffer: Buffer.from(text) });
}

/** Swagger UI at /docs on a page: each call opens an operation, clicks Try it out, fills it, executes and reads the answer. */
export class SwaggerUi {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/docs`);
    await this.page.locator('.swagger-ui .information-container').waitFor();
  }

  operation(operationId: string): Locator {
    return this.page.locator(`[id$="-${operationId}"]`);
  }

  async tryOut(operationId: string, input: TryIt = {}): Promise<Shown> {
    const operation = this.operation(operationId);
    if (!(await operation.locator('.opblock-body').isVisible()))
      await operation.locator('.opblock-summary').first().click();
    const tryOut = operation.locator('button.try-out__btn');
    if ((await tryOut.innerText()).trim() === 'Try it out') await tryOut.click();
    for (const [name, value] of Object.entries(input.path ?? {}))
      await fillParameter(operation.locator(`tr[data-param-name="${name}"][data-param-in="path"]`), value);
    for (const [name, value] of Object.entries(input.query ?? {}))
      await fillParameter(operation.locator(`tr[data-param-name="${name}"][data-param-in="query"]`), value);
    if (input.body !== undefined) await operation.locator('textarea.body-param__text').fill(JSON.stringify(input.body));
    if (input.multipart) await fillMultipart(operation, input.multipart);
    // Clear the answer of a previous run, so the one read below is this run's.
    const clear = operation.locator('button.btn-clear');
    if (await clear.count()) await clear.click();
    await operation.locator('button.execute').click();
    const response = operation.locator('.live-responses-table .response').first();
    await response.waitFor();
    const description = response.locator('.response-col_description');
    const body = description.locator('.highlight-code pre');
    const shown = {
      status: (await response.locator('.response-col_status').innerText()).trim(),
      text: (await body.count()) ? await body.first().innerText() : '',
      panel: await description.innerText(),
    };
    // Closed again, as a person tidies up: every open operation slows each later render of the page.
    await operation.locator('.opblock-summary').first().click();
    return shown;
  }

  /** Authorize → the bearerAuth form (the dialog has one per scheme) → the token → Authorize → Close. */
  async authorize(token: string): Promise<void> {
    await this.page.locator('button.btn.authorize').first().click();
    const dialog = this.page.locator('.dialog-ux .modal-ux');
    const bearer = dialog.locator('form').filter({ hasText: 'bearerAuth' });
    await bearer.locator('input').first().fill(token);
    await bearer.locator('button.modal-btn.auth.authorize').click();
    await dialog.locator('button.btn-done').first().click();
  }
}
