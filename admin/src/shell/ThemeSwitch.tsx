import '@mantine/core/styles/SegmentedControl.css';
import { MantineColorScheme, SegmentedControl, useMantineColorScheme } from '@mantine/core';

const CHOICES = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: 'System' },
];

/** Light, dark, or the system's choice; Mantine remembers it in localStorage. */
export function ThemeSwitch() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <div role="group" aria-label="Theme">
      <SegmentedControl size="xs" fullWidth data={CHOICES} value={colorScheme} onChange={(v) => setColorScheme(v as MantineColorScheme)} />
    </div>
  );
}
