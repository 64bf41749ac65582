import { useState } from 'react';
import { Input } from 'antd';
import { useClearable } from './clearable';

interface KeywordSearchProps {
  placeholder: string;
  width: number;
  /** The trimmed keyword, undefined when blank (no filter). */
  onSearch: (keyword: string | undefined) => void;
}

/** The keyword box of a list toolbar; the list filters only when a search is made. */
export function KeywordSearch({ placeholder, width, onSearch }: KeywordSearchProps) {
  const [text, setText] = useState('');
  const clearable = useClearable();
  return (
    <Input.Search
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSearch={(value) => onSearch(value.trim() || undefined)}
      allowClear={clearable.input}
      placeholder={placeholder}
      aria-label={placeholder}
      style={{ width }}
    />
  );
}
