import Synchronization

extension ZoneRules {
    /// The rules of each zone asked for so far. Their number is bounded by the zones the system
    /// knows (unknown names are not kept), and building a table walks four centuries of
    /// transitions, so one reverse mapping after another reuses it.
    private static let built = Mutex<[String: ZoneRules]>([:])  // guards the table only; a table is built outside it

    /// The rules of `identifier`, built once per process; nil when the system does not know it.
    static func shared(_ identifier: String) -> ZoneRules? {
        if let rules = built.withLock({ $0[identifier] }) { return rules }
        guard let rules = ZoneRules(identifier: identifier) else { return nil }
        built.withLock { $0[identifier] = rules }
        return rules
    }
}
