/// The key order of the last object converted per model, kept across conversions in a
/// workspace: objects of one model mostly repeat it (arrays of records, the sizes of Weibo's
/// pictures), so a key is matched by comparing it with the predicted property's key instead of
/// a hash lookup. A prediction is always checked, so a wrong one only costs that comparison.
struct KeyOrders {
    /// Models remembered at once; a model's row is chosen by its serial.
    static let rows = 64
    /// Leading members of an object whose property is predicted.
    static let positions = 32

    /// The serial of the model whose order each row holds, or -1.
    private let owners: UnsafeMutablePointer<Int>
    /// `rows` × `positions` key table results (property index, or negative: no prediction).
    private let orders: UnsafeMutablePointer<Int32>

    init() {
        owners = .allocate(capacity: KeyOrders.rows)
        owners.initialize(repeating: -1, count: KeyOrders.rows)
        orders = .allocate(capacity: KeyOrders.rows * KeyOrders.positions)
        orders.initialize(repeating: -1, count: KeyOrders.rows * KeyOrders.positions)
    }

    func deallocate() {
        owners.deallocate()
        orders.deallocate()
    }

    /// The order row of the model with `serial`, emptied first if it held another model's.
    @inline(__always)
    func row(for serial: Int) -> UnsafeMutablePointer<Int32> {
        let index = serial & (KeyOrders.rows - 1)
        let row = orders + index * KeyOrders.positions
        if owners[index] != serial {
            owners[index] = serial
            row.update(repeating: -1, count: KeyOrders.positions)
        }
        return row
    }
}
