import { describe, expect, it } from 'vitest';
import { shortlistMessage } from './shortlist';

describe('the shortlist lead message', () => {
  it('lists every home with its address and price, then the visitor note', () => {
    const message = shortlistMessage(
      [
        { id: 'a', title: 'The Ranch Plan', address: '12 Prairie Rd', price: 425000 },
        { id: 'b', title: 'Lakeside Lot' },
      ],
      '  We would like to visit on a Saturday.  ',
    );
    expect(message).toBe(
      'My shortlist (2 homes):\n- The Ranch Plan, 12 Prairie Rd, $425,000\n- Lakeside Lot\n\nWe would like to visit on a Saturday.',
    );
  });

  it('says "home" for one, and adds nothing for an empty note', () => {
    expect(shortlistMessage([{ id: 'a', title: 'Corner Home', price: 300000 }], '   ')).toBe(
      'My shortlist (1 home):\n- Corner Home, $300,000',
    );
  });
});
