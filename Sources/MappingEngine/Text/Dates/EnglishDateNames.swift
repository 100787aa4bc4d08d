/// English month and weekday names, looked up by their first three lowercase letters packed
/// big-endian into one integer (`DateCursor.threeLetterKey`), so a lookup is one switch.
enum EnglishDateNames {
    /// The month (1–12) whose abbreviation packs to `key`.
    static func month(_ key: UInt32) -> Int? {
        switch key {
        case 0x6A_61_6E: return 1   // jan
        case 0x66_65_62: return 2   // feb
        case 0x6D_61_72: return 3   // mar
        case 0x61_70_72: return 4   // apr
        case 0x6D_61_79: return 5   // may
        case 0x6A_75_6E: return 6   // jun
        case 0x6A_75_6C: return 7   // jul
        case 0x61_75_67: return 8   // aug
        case 0x73_65_70: return 9   // sep
        case 0x6F_63_74: return 10  // oct
        case 0x6E_6F_76: return 11  // nov
        case 0x64_65_63: return 12  // dec
        default: return nil
        }
    }

    /// The three-letter English abbreviation of `month` (1–12), capitalized as written.
    static func monthAbbreviation(_ month: Int) -> String {
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][month - 1]
    }

    /// The three-letter English abbreviation of `weekday` (0 = Sunday … 6), capitalized as written.
    static func weekdayAbbreviation(_ weekday: Int) -> String {
        ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][weekday]
    }

    /// The rest of the full month name after its first three letters.
    static func monthSuffix(_ month: Int) -> StaticString {
        switch month {
        case 1: return "uary"
        case 2: return "ruary"
        case 3: return "ch"
        case 4: return "il"
        case 5: return ""
        case 6: return "e"
        case 7: return "y"
        case 8: return "ust"
        case 9: return "tember"
        case 10: return "ober"
        case 11: return "ember"
        default: return "ember"
        }
    }

    /// The weekday (0 = Sunday … 6 = Saturday) whose abbreviation packs to `key`.
    static func weekday(_ key: UInt32) -> Int? {
        switch key {
        case 0x73_75_6E: return 0   // sun
        case 0x6D_6F_6E: return 1   // mon
        case 0x74_75_65: return 2   // tue
        case 0x77_65_64: return 3   // wed
        case 0x74_68_75: return 4   // thu
        case 0x66_72_69: return 5   // fri
        case 0x73_61_74: return 6   // sat
        default: return nil
        }
    }

    /// The rest of the full weekday name after its first three letters.
    static func weekdaySuffix(_ weekday: Int) -> StaticString {
        switch weekday {
        case 0, 1, 5: return "day"
        case 2: return "sday"
        case 3: return "nesday"
        case 4: return "rsday"
        default: return "urday"
        }
    }
}
