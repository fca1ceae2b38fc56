import { z } from 'zod';

/** A kind whose question the player receives with every question's fields only. */
export const NO_PLAYER_FIELDS = z.object({});
