/** Pictures the browser tests upload as listing photos. */

/** A 32 x 24 px PNG (orange), small enough to upload as is. */
export const SMALL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAYCAIAAAAUMWhjAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAMElEQVRIiWP438FAU8QwakHHaBAxjKai/6MZjWG0qPg/Wpp2jFY4/0erzI7B3aoAALrPlT0f4iyjAAAAAElFTkSuQmCC',
  'base64',
);
