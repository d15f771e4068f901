import Aqueduct

/// An app's own counter.
public let counterReducer = Reducer<Int, Int>.reduce { step, count in count += step }
