import '@mantine/core/styles/SegmentedControl.css';
import { SegmentedControl, useMantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const CHOICES = ['light', 'dark', 'auto'] as const;

/** Light, dark, or the system's choice; Mantine remembers it in localStorage. */
export function ThemeSwitch() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const { t } = useTranslation('shell');
  return (
    <div role="group" aria-label={t('theme.label')}>
      <SegmentedControl
        size="xs"
        fullWidth
        data={CHOICES.map((value) => ({ value, label: t(`theme.${value}`) }))}
        value={colorScheme}
        onChange={setColorScheme}
      />
    </div>
  );
}
