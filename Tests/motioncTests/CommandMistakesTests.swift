import Foundation
import Testing

/// What a user gets wrong on the command line, and what motionc says then: a misspelt command,
/// an explain that asks for two things, paths that cannot all be read, a baked timeline given to
/// validate, an output in a folder that exists but takes no new file.
@Suite struct CommandMistakesTests {
    @Test("a misspelt command is a usage error that names the closest command")
    func misspeltCommand() throws {
        let result = try Motionc.run(["valdate", "Plans"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("motionc: unknown command 'valdate'; did you mean 'validate'?"), "\(result.stderr)")
        let far = try Motionc.run(["zzzzzz"])
        #expect(far.status == 64)
        #expect(far.stderr.contains("unknown command 'zzzzzz' (`motionc --help` lists the commands)"), "\(far.stderr)")
        // `help` and the commands themselves still work.
        #expect(try Motionc.run(["help", "validate"]).status == 0)
        #expect(try Motionc.run(["validate", "Plans/fade-in.yaml"]).status == 0)
    }

    @Test("explain takes a type in any case, and refuses a code with --all or --intentions")
    func explainArguments() throws {
        let type = try Motionc.run(["explain", "Tween"])
        #expect(type.status == 0, "\(type.stderr)")
        #expect(type.stdout.hasPrefix("tween: "))
        #expect(try Motionc.run(["explain", "SQUASHANDSTRETCH"]).stdout.hasPrefix("squashAndStretch: "))
        for arguments in [["explain", "N004", "--all"], ["explain", "tween", "--intentions"], ["explain", "--all", "--intentions"]] {
            let result = try Motionc.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(arguments)")
        }
        let unknown = try Motionc.run(["explain", "Q123"])
        #expect(unknown.stderr.contains("codes are a family letter (Y, D, N, T, W, P, G, L, B, X) and three digits"), "\(unknown.stderr)")
    }

    @Test("validate says when some paths could not be read, and counts only the documents it read")
    func validatePartlyUnreadable() throws {
        let result = try Motionc.run(["validate", "no-such-file.yaml", "Plans/fade-in.yaml"])
        #expect(result.status == 2)
        #expect(result.stdout == "no problems found in 1 file\n")
        #expect(result.stderr.contains("motionc: cannot read 'no-such-file.yaml'"), "\(result.stderr)")
        #expect(
            result.stderr.hasSuffix(
                "motionc: not everything was checked: 1 of the paths could not be read (above); the output covers the 1 document that could\n"
            ),
            "\(result.stderr)")
        // Nothing read: the text output says nothing, and neither does the note.
        let none = try Motionc.run(["validate", "no-such-file.yaml"])
        #expect(none.status == 2)
        #expect(none.stdout.isEmpty)
        #expect(!none.stderr.contains("not everything was checked"))
    }

    @Test("validate says a baked timeline is one, beside its diagnostics")
    func validateTimeline() throws {
        let directory = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let timeline = directory.appendingPathComponent("fade-in.json").path
        #expect(try Motionc.run(["bake", "Plans/fade-in.yaml", "-o", timeline]).status == 0)
        let result = try Motionc.run(["validate", timeline])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(timeline) is a baked timeline, not a motion document"), "\(result.stderr)")
    }

    @Test(
        "an output in a folder that refuses new files is not said to be in a missing folder",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/version"), "needs Linux's /proc"))
    func folderThatTakesNoNewFile() throws {
        let result = try Motionc.run(["bake", "Plans/fade-in.yaml", "-o", "/proc/version"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("motionc: cannot write '/proc/version': "), "\(result.stderr)")
        #expect(!result.stderr.contains("does not exist"), "\(result.stderr)")
    }

    @Test("a mistake inside a YAML anchor is said once, however many aliases repeat it")
    func anchorMistakeOnce() throws {
        let directory = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try Motionc.write(
            """
            motion: 1
            targets:
              a: { layer: { position: [0, 0] } }
            transactions:
              - ops:
                  - &fade { add: tween, target: "#a", property: opacity, to: 1, duraton: 300ms }
                  - *fade
                  - *fade
            """, to: "anchor.yaml", in: directory
        ).path
        let text = try Motionc.run(["validate", file])
        #expect(text.status == 1)
        #expect(text.stdout.components(separatedBy: "error[D002]: unknown key `duraton`").count == 2, "\(text.stdout)")
        #expect(text.stdout.hasSuffix("1 error in 1 file\n"), "\(text.stdout)")
        let json = try Motionc.run(["validate", "--format", "json", file])
        #expect(json.stdout.components(separatedBy: "\"code\": \"D002\"").count == 2, "\(json.stdout)")
        #expect(json.stdout.contains("\"errors\": 1,"), "\(json.stdout)")
    }
}
