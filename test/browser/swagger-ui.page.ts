import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BrowserContext, chromium, Locator, Page, Response } from 'playwright-core';

/** Debian's Chromium: the only browser these tests use. Nothing ever downloads one. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Where screenshots go, one per operation, for a human to look at after a run. */
export const SCREENSHOT_DIR = path.resolve(__dirname, '../../test-artifacts/browser');

/** A headless Chromium with a fresh, throwaway profile directory. */
export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/**
 * Starts Chromium on a new profile (launchPersistentContext is how Playwright takes a user data
 * directory), with everything that phones home switched off so a run never leaves the machine.
 */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'woi-chromium-'));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      viewport: { width: 1280, height: 900 },
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        ...extraArgs,
      ],
    });
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(20_000);
    return {
      context,
      page,
      async close() {
        await context.close();
        fs.rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (err) {
    fs.rmSync(profile, { recursive: true, force: true });
    throw err;
  }
}

/** What Swagger UI shows in the live response of an executed operation. */
export interface LiveResponse {
  /** Status code as shown in the live response table. */
  status: string;
  /** Response body as shown under "Response body". */
  body: string;
  /** The network response the browser received. */
  network: Response;
}

/** One operation block of Swagger UI (`#operations-<tag>-<operationId>`). */
export class SwaggerOperation {
  readonly block: Locator;

  constructor(
    private readonly page: Page,
    tag: string,
    operationId: string,
    private readonly method: string,
    private readonly path: string,
  ) {
    this.block = page.locator(`#operations-${tag.replace(/\s/g, '_')}-${operationId}`);
  }

  /** Expands the operation and switches it to "Try it out". */
  async tryItOut(): Promise<void> {
    if (!(await this.block.evaluate((el) => el.classList.contains('is-open')))) await this.block.locator('.opblock-summary').click();
    await this.block.locator('.btn.try-out__btn').click();
    await this.block.locator('.btn.execute').waitFor();
  }

  /** Clicks Execute and waits for the browser's request to finish and Swagger UI to show it. */
  async execute(timeoutMs = 20_000): Promise<LiveResponse> {
    const network = this.page.waitForResponse((r) => r.request().method() === this.method && new URL(r.url()).pathname === this.path, { timeout: timeoutMs });
    await this.block.locator('.btn.execute').click();
    const response = await network;
    const live = this.block.locator('.responses-wrapper .live-responses-table .response');
    const body = live.locator('.response-col_description .highlight-code pre');
    await body.waitFor({ timeout: timeoutMs });
    return { status: (await live.locator('.response-col_status').innerText()).trim(), body: await body.innerText(), network: response };
  }

  /**
   * Saves a picture of the operation from its header down to the live response, leaving out the
   * long list of documented responses below it.
   */
  async screenshot(name: string): Promise<string> {
    const file = path.join(SCREENSHOT_DIR, name);
    const clip = await this.block.evaluate((block) => {
      const live = block.querySelector('.live-responses-table') ?? block;
      const top = block.getBoundingClientRect();
      const bottom = live.getBoundingClientRect().bottom;
      const view = globalThis as unknown as { scrollX: number; scrollY: number }; // the page's window
      return { x: top.left + view.scrollX, y: top.top + view.scrollY, width: top.width, height: bottom - top.top + 8 };
    });
    await this.page.screenshot({ path: file, fullPage: true, clip });
    return file;
  }
}
