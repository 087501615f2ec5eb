/** A member's message to customer service: how long its title and its content (and a reply's) may be, in characters. */
export const MESSAGE_LENGTHS = { title: 120, content: 5000 } as const;
