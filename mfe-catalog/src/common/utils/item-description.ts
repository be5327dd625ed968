import { truncate } from '@campus/shared';

/** Meta description of an item page (docs/product.md §2 "Page titles and meta tags"): its description cut to 155 characters. */
export const itemDescription = (text: string | null | undefined) => truncate(text, 155, true);
