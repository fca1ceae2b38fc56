import { createContext } from 'react';

/** The clock's seconds, read only by the clock itself (see PlayerHeader). */
export const ClockContext = createContext(0);
