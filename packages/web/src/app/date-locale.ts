import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import 'dayjs/locale/en';
import i18n from './i18n.ts';

/**
 * Dates (dayjs, antd's pickers) follow the interface's language. Only signed-in pages show dates,
 * so the shell loads this and the sign-in page carries no dayjs.
 */
dayjs.locale(i18n.language);
i18n.on('languageChanged', (lang) => dayjs.locale(lang));
