import { expect, type Locator } from "@playwright/test";

/**
 * Picks `option` from the MUI select that `opener` opens, and waits until the select shows `shown`. Opens the menu
 * again and picks again if the menu closed before the pick landed: on a loaded machine one CI run saw the menu's
 * option covered while the popover was still being placed, and the menu closed under the retrying click.
 */
export async function chooseOption(opener: Locator, option: Locator, shown: string | RegExp): Promise<void> {
  await expect(async () => {
    if (!(await option.isVisible())) await opener.click();
    await option.click({ timeout: 5_000 });
    await expect(opener).toHaveText(shown, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}
