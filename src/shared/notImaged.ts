/** Why Landsat 8/9 never image a place: one set of words for the page, the API and the empty-answer explanation. */
export type NotImagedReason = 'beyond_row_limits' | 'open_ocean';

/** Short forms for the places beside the full message (passes list), so the reason is not said three times over. */
export const NOT_IMAGED_SHORT: Record<NotImagedReason, string> = {
  beyond_row_limits: 'beyond the daytime rows, about 82° north and south',
  open_ocean: 'open ocean, where Landsat takes no scene',
};

export const NOT_IMAGED_WORDS: Record<NotImagedReason, string> = {
  beyond_row_limits: 'Landsat 8 and 9 do not image this place: their daytime scenes reach only to about 82° north and south. Pick a point closer to the equator.',
  open_ocean: 'Landsat 8 and 9 do not image open ocean: they take scenes over land and coasts only. Pick a point on land or near a coast.',
};
