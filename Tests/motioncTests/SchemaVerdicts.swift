import Foundation
import Testing

/// Validates YAML documents against Schemas/motion-plan.schema.json with python's jsonschema, one
/// process for all of them; returns one verdict per document: `ok`, or `error: ...` (the first
/// schema error, or the YAML loader's).
///
/// The documents are loaded as motionc reads YAML, not as PyYAML does by default: the YAML 1.2
/// core schema (`yes`, `on` are strings, `1e3` is a number, no timestamps) and a duplicate key
/// is an error.
func schemaVerdicts(_ documents: [String]) throws -> [String] {
    let directory = try Motionc.temporaryDirectory()
    var paths: [String] = []
    for (i, document) in documents.enumerated() {
        paths.append(try Motionc.write(document, to: "doc\(i).yaml", in: directory).path)
    }
    let script = """
        import json, re, sys, yaml, jsonschema

        class Core12(yaml.SafeLoader):
            pass

        Core12.yaml_implicit_resolvers = {
            first: [(tag, regexp) for tag, regexp in resolvers
                    if tag in ("tag:yaml.org,2002:null", "tag:yaml.org,2002:merge")]
            for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
        }
        Core12.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
        Core12.add_implicit_resolver("tag:yaml.org,2002:int", re.compile(r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$"), list("-+0123456789"))
        Core12.add_implicit_resolver(
            "tag:yaml.org,2002:float",
            re.compile(r"^(?:[-+]?(?:\\.[0-9]+|[0-9]+(?:\\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$"),
            list("-+0123456789."))

        def construct_int(loader, node):
            text = loader.construct_scalar(node)
            if text.startswith("0x"):
                return int(text[2:], 16)
            if text.startswith("0o"):
                return int(text[2:], 8)
            return int(text, 10)

        def construct_float(loader, node):
            text = loader.construct_scalar(node).lower()
            return float(text.replace(".inf", "inf").replace(".nan", "nan"))

        def construct_mapping(loader, node, deep=False):
            # A key written twice in one mapping is an error; keys merged in with << may be overridden.
            keys = set()
            for key_node, _ in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge" or not isinstance(key_node, yaml.ScalarNode):
                    continue
                if key_node.value in keys:
                    raise yaml.constructor.ConstructorError(None, None, "duplicate key %r" % (key_node.value,), key_node.start_mark)
                keys.add(key_node.value)
            return yaml.SafeLoader.construct_mapping(loader, node, deep)

        Core12.add_constructor("tag:yaml.org,2002:int", construct_int)
        Core12.add_constructor("tag:yaml.org,2002:float", construct_float)
        Core12.add_constructor("tag:yaml.org,2002:map", lambda loader, node: loader.construct_mapping(node))
        Core12.construct_mapping = construct_mapping

        schema = json.load(open(sys.argv[1]))
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema)
        for path in sys.argv[2:]:
            try:
                with open(path, encoding="utf-8") as f:
                    document = yaml.load(f, Loader=Core12)
            except Exception as error:
                print("error: yaml: " + str(error).replace("\\n", " "))
                continue
            errors = sorted(validator.iter_errors(document), key=str)
            print("ok" if not errors else "error: " + errors[0].message.replace("\\n", " "))
        """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
        ["python3", "-c", script, Motionc.packageRoot.appendingPathComponent("Schemas/motion-plan.schema.json").path] + paths
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
}
