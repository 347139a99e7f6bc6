import SwitchyardControllers

/// A controller that answers 200 with the route's pattern and decoded parameters.
let echo: Controller = { request in
    var data: [String: any Sendable] = ["pattern": request.route?.pattern ?? "-"]
    for (name, value) in request.params { data[name] = value }
    return Response(request: request, data: data)
}
