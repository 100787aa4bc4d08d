/// The byte buffer a batch of a stream's elements or lines is cut into (`ArrayBatch`,
/// `NDJSONBatch`): the buffer of a batch already taken in, emptied, whose pages are in memory
/// already, or a new one. Allocating a new buffer for every batch faulted in every page of it
/// again, on the thread that cuts the batches.
enum BatchStorage {
    static func make(reusing storage: [UInt8]?, capacity: Int) -> [UInt8] {
        guard var storage else {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(capacity)
            return bytes
        }
        storage.removeAll(keepingCapacity: true)
        return storage
    }
}
