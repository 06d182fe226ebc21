import { pluralRu, type PluralForms } from '@kometa/money';

/**
 * The Russian text of every message key the API answers with. The server sends keys only; the site
 * shows these texts (its own catalogue will import this one). A test keeps it complete: every
 * `errors.*` key in the code must have its text here.
 */
export const errorMessagesRu: Record<string, string> = {
  'errors.validation': 'Проверьте правильность заполнения полей',
  'errors.not_blank': 'Значение не должно быть пустым',
  'errors.invalid': 'Значение недопустимо',
  'errors.unknown_field': 'Неизвестное поле',
  'errors.too_long': 'Слишком длинное значение',
  'errors.too_short': 'Слишком короткое значение',
  'errors.too_many': 'Слишком много значений',
  'errors.authentication': 'Войдите в аккаунт',
  'errors.not_found': 'Страница не найдена',
  'errors.malformed_body': 'Некорректный запрос',
  'errors.payload_too_large': 'Слишком большой запрос',
  'errors.unsupported_media_type': 'Неподдерживаемый формат запроса',
  'errors.signature_invalid': 'Не удалось проверить запрос. Обновите страницу',
  'errors.too_many_requests': 'Слишком много запросов. Попробуйте позже',
  'errors.region_restricted': 'Сайт недоступен в вашем регионе',
  'errors.service_unavailable': 'Сервис временно недоступен. Попробуйте позже',
  'errors.method_not_allowed': 'Действие недоступно',
  'errors.internal': 'Произошла ошибка. Попробуйте позже',
  'errors.setting_not_found': 'Настройка не найдена',
  'errors.bad_credentials': 'Неверный логин или пароль',
  'errors.captcha': 'Введите символы с картинки',
  'errors.bad_protection_phrase': 'Неверная защитная фраза',
  'errors.confirmation_code_already_sent': 'Код уже отправлен',
  'errors.reset_already_requested': 'Восстановление пароля уже запрошено',
  'errors.username.too_short': 'Имя пользователя должно содержать не менее 4 символов',
  'errors.username.invalid_chars': 'Допустимы буквы, цифры, дефис, подчёркивание и точка',
  'errors.username.taken': 'Это имя пользователя уже занято',
  'errors.password.too_short': 'Пароль должен содержать не менее 8 символов',
  'errors.password.too_long': 'Пароль должен содержать не более 128 символов',
  'errors.password.too_common': 'Этот пароль слишком распространён, выберите другой',
  'errors.password.old_mismatch': 'Неверный текущий пароль',
  'errors.email.invalid': 'Неверный формат e-mail',
  'errors.email.taken': 'Этот e-mail уже используется',
  'errors.phone.invalid': 'Неверный формат телефона',
  'errors.phone.taken': 'Этот телефон уже используется',
  'errors.contact.required': 'Укажите e-mail или телефон',
  'errors.birth_date.invalid': 'Неверная дата рождения',
  'errors.birth_date.too_young': 'Регистрация доступна только совершеннолетним',
  'errors.rules.not_accepted': 'Необходимо принять правила',
  'errors.reset.already_requested_email': 'Восстановление уже запрошено по e-mail',
  'errors.reset.already_requested_phone': 'Восстановление уже запрошено по телефону',
  'errors.reset.wrong_token': 'Ссылка для восстановления недействительна',
  'errors.reset.wrong_code': 'Неверный код восстановления',
  'errors.reset.daily_limit': 'Сегодня восстановление запрашивали слишком часто. Попробуйте завтра',
  'errors.confirmation.already_sent': 'Код подтверждения уже отправлен',
  'errors.confirmation.request_limit': 'Превышено число запросов подтверждения. Попробуйте завтра',
  'errors.confirmation.wrong_token': 'Ссылка подтверждения недействительна',
  'errors.confirmation.wrong_code': 'Неверный код подтверждения',
  'errors.confirmation.nothing_to_confirm': 'Подтверждать нечего',
  'errors.two_factor.required': 'Введите код двухфакторной аутентификации',
  'errors.two_factor.invalid': 'Неверный код',
  'errors.two_factor.not_pending': 'Сначала начните подключение двухфакторной аутентификации',
  'errors.two_factor.already_enabled': 'Двухфакторная аутентификация уже включена',
  'errors.telegram.invalid': 'Не удалось проверить данные Telegram',
  'errors.telegram.expired': 'Данные Telegram устарели, войдите ещё раз',
  'errors.telegram.not_linked': 'Этот Telegram не привязан к аккаунту',
  'errors.telegram.already_linked': 'Этот Telegram уже привязан к другому аккаунту',
  'errors.api.payment.deposit.less_amount': 'Сумма пополнения меньше минимальной',
  'errors.api.payment.deposit.more_amount': 'Сумма пополнения больше максимальной',
  'errors.api.payment.withdrawal.less_amount': 'Сумма вывода меньше минимальной',
  'errors.api.payment.withdrawal.more_amount': 'Сумма вывода больше максимальной',
  'errors.api.payment.tip.less_amount': 'Сумма чаевых меньше минимальной',
  'errors.api.payment.tip.more_amount': 'Сумма чаевых больше максимальной',
  'errors.api.payment.requisite.phone_not_blank': 'Укажите номер телефона',
  'errors.api.payment.requisite.card_not_blank': 'Укажите номер карты',
  'errors.api.payment.requisite.customer_purse_not_blank': 'Укажите номер кошелька',
  'errors.api.payment.requisite.email_not_blank': 'Укажите e-mail',
  'errors.api.payment.requisite.invalid_format': 'Неверный формат',
  'errors.api.payment.sum_multiple_of_ten': 'Сумма должна быть кратна десяти',
  'errors.api.payment.system_unavailable': 'Этот способ оплаты сейчас недоступен',
  'errors.api.payment.cannot_cancel': 'Эту заявку уже нельзя отменить',
  'errors.api.payment.withdrawal.wager_required': 'Сначала отыграйте внесённые депозиты',
  'errors.api.payment.currency_mismatch': 'Этот способ оплаты работает в другой валюте',
  'errors.verification_required': 'Сначала подтвердите данные аккаунта',
  'errors.suspicious_activity': 'Операции временно ограничены службой безопасности',
  'errors.api.exchange.same_currency': 'Выберите две разные валюты',
  'errors.api.exchange.amount_too_small': 'Сумма слишком мала для обмена',
  'errors.api.exchange.unavailable': 'Обмен этой валюты сейчас недоступен',
  'errors.api.points.required': 'Введите или выберите количество баллов',
  'errors.api.points.min_amount': 'Меньше минимального количества баллов для обмена',
  'errors.api.points.not_enough': 'Недостаточно баллов',
  'errors.insufficient_funds': 'Недостаточно средств на балансе',
  'errors.idempotency_conflict': 'Этот запрос уже выполнен с другими данными',
  'errors.oauth.unknown_provider': 'Вход через эту соцсеть недоступен',
  'errors.oauth.invalid_state': 'Вход через соцсеть устарел или был прерван, начните заново',
  'errors.oauth.denied': 'Вход через соцсеть отменён',
  'errors.oauth.provider_failed': 'Соцсеть не подтвердила вход, попробуйте ещё раз',
  'errors.oauth.already_linked': 'Этот аккаунт соцсети уже привязан к другому игроку',
  'errors.limits.deposit_reached':
    'Достигнут ваш лимит депозитов. Пополнение снова станет доступно после сброса периода',
  'errors.limits.deposit_above_remaining': 'Сумма больше остатка вашего лимита депозитов',
  'errors.limits.play_reached': 'Достигнут ваш лимит. Игра снова станет доступна после сброса периода',
  'errors.limits.session_reached': 'Достигнут ваш лимит времени в игре. Сессия завершена',
  'errors.limits.cooling_off':
    'Повышение или снятие лимита можно подтвердить только через 24 часа после запроса',
  'errors.limits.nothing_to_confirm': 'Нет изменений лимита, ожидающих подтверждения',
  'errors.self_exclusion.active':
    'Действует самоисключение: игра, пополнения и бонусы недоступны. Вывод средств доступен',
  'errors.self_exclusion.cannot_shorten': 'Срок самоисключения нельзя сократить',
  'errors.self_exclusion.identity': 'Регистрация с этими данными недоступна',
  'errors.verification.document_type': 'Выберите тип документа',
  'errors.verification.file_required': 'Приложите файл документа',
  'errors.verification.file_type': 'Допустимы изображения JPEG, PNG, WebP или PDF',
  'errors.verification.file_too_large': 'Файл больше 5 МБ',
  'errors.verification.already_accepted': 'Аккаунт уже верифицирован',
  'errors.conflict': 'Действие уже выполнено или данные изменились, обновите страницу',
  'errors.oauth.invalid_token': 'Данные входа через соцсеть устарели, войдите через соцсеть ещё раз',
};

const SECONDS: PluralForms = { one: 'секунду', few: 'секунды', many: 'секунд' };
// After «с» the genitive: с 21 года, с 18 лет, с 22 лет.
const FROM_YEARS: PluralForms = { one: 'года', few: 'лет', many: 'лет' };

/** "Повторить можно через 45 секунд" for the ttl of codes 39, 40 and 43. */
export function retryInRu(seconds: number): string {
  return `Повторить можно через ${seconds} ${pluralRu(seconds, SECONDS)}`;
}

/** "Регистрация доступна с 18 лет" with the operator's minimum age. */
export function minimumAgeRu(years: number): string {
  return `Регистрация доступна с ${years} ${pluralRu(years, FROM_YEARS)}`;
}

const POINTS: PluralForms = { one: 'балл', few: 'балла', many: 'баллов' };

/** "Минимум для обмена — 1 000 баллов" with the operator's minimum (whole points). */
export function pointsMinimumRu(points: number): string {
  return `Минимум для обмена — ${points.toLocaleString('ru-RU').replace(/\u00a0/g, ' ')} ${pluralRu(points, POINTS)}`;
}
