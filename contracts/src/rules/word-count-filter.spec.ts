import { maxWordCountOptions, minWordCountOptions } from './word-count-filter';

describe('coupled word-count options', () => {
  it('offers every option when the other end is Any', () => {
    expect(minWordCountOptions('Any')).toEqual(['Any', '5001', '10001', '20001', '50001']);
    expect(maxWordCountOptions('Any')).toEqual(['Any', '10000', '20000', '50000']);
  });

  it('keeps minimum options below the selected maximum', () => {
    expect(minWordCountOptions('10000')).toEqual(['Any', '5001']);
    expect(minWordCountOptions('50000')).toEqual(['Any', '5001', '10001', '20001']);
  });

  it('keeps maximum options above the selected minimum', () => {
    expect(maxWordCountOptions('10001')).toEqual(['Any', '20000', '50000']);
    expect(maxWordCountOptions('50001')).toEqual(['Any']);
  });
});
