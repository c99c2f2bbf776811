import type { Queryable } from '@vellum/platform';

export interface LinkColors {
  linkBackgroundColor: string;
  linkItemFontColor: string;
  linkItemBackgroundColor: string;
}

/** `identity.link_colors`: each cirrus's link page colours, as the link service reports them. */
export const linkColorsStore = {
  /** Keeps the colours of the newest page version seen: a repeated or older event changes nothing. */
  async set(q: Queryable, cirrusId: string, colors: LinkColors, version: number): Promise<void> {
    await q.query(
      `INSERT INTO identity.link_colors (cirrus_id, background_color, item_font_color, item_background_color, version)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (cirrus_id) DO UPDATE
         SET background_color = EXCLUDED.background_color, item_font_color = EXCLUDED.item_font_color,
             item_background_color = EXCLUDED.item_background_color, version = EXCLUDED.version
         WHERE identity.link_colors.version < EXCLUDED.version`,
      [
        cirrusId,
        colors.linkBackgroundColor,
        colors.linkItemFontColor,
        colors.linkItemBackgroundColor,
        version,
      ],
    );
  },
};
