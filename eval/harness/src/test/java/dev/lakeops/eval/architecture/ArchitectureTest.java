package dev.lakeops.eval.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The map of DESIGN.md, checked on the compiled main classes of every module (this module sees them
 * all): dependencies run {@code table-engine <- tools <- runbooks <- {cli, agent}}, with {@code
 * eval} on top and imported by nothing, and no module has a package cycle.
 */
class ArchitectureTest {

  private static JavaClasses main;

  @BeforeAll
  static void importMainClasses() {
    main =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.lakeops");
  }

  @ParameterizedTest
  @ValueSource(strings = {"table", "tools", "runbooks", "cli", "agent", "eval"})
  void seesTheMainClassesOfEveryModule(String module) {
    // The layers are optional (so that a rule can be checked on a few classes); this keeps the
    // real check from passing on an empty import.
    assertThat(
            main.stream()
                .filter(
                    c ->
                        c.getPackageName().startsWith("dev.lakeops." + module + ".")
                            || c.getPackageName().equals("dev.lakeops." + module)))
        .hasSizeGreaterThan(10);
  }

  @Test
  void modulesDependOneWay() {
    modules().check(main);
  }

  /**
   * The table engine's plug-in modules: each brings one outside library (a store's client, an
   * engine's API) and is found by the core through {@code ServiceLoader}, never by name.
   */
  private static final String[] TABLE_PLUGINS = {
    "dev.lakeops.table.io.s3..", "dev.lakeops.table.io.hdfs..", "dev.lakeops.table.flink.."
  };

  @Test
  void theTableEngineCoreKnowsNoFlinkHadoopQuarkusOrLangchain4j() {
    noClasses()
        .that()
        .resideInAPackage("dev.lakeops.table..")
        .and()
        .resideOutsideOfPackages(TABLE_PLUGINS)
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "org.apache.flink..",
            "org.apache.hadoop.fs..",
            "io.quarkus..",
            "dev.langchain4j..",
            "software.amazon..")
        .check(main);
  }

  @Test
  void theTableEngineCoreFindsItsPluginsOnlyThroughServiceLoader() {
    noClasses()
        .that()
        .resideInAPackage("dev.lakeops.table..")
        .and()
        .resideOutsideOfPackages(TABLE_PLUGINS)
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(TABLE_PLUGINS)
        .check(main);
  }

  @Test
  void theS3FileIoBringsOnlyTheAwsSdk() {
    noClasses()
        .that()
        .resideInAPackage("dev.lakeops.table.io.s3..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("org.apache.hadoop..", "org.apache.flink..", "io.quarkus..")
        .check(main);
  }

  @ParameterizedTest
  @ValueSource(strings = {"table", "tools", "runbooks", "cli", "agent", "eval"})
  void noModuleHasAPackageCycle(String module) {
    packageCycles(module).check(main);
  }

  /** The layers of DESIGN.md. */
  static ArchRule modules() {
    return layeredArchitecture()
        .consideringOnlyDependenciesInLayers()
        .withOptionalLayers(true)
        .layer("table-engine")
        .definedBy("dev.lakeops.table..")
        .layer("tools")
        .definedBy("dev.lakeops.tools..")
        .layer("runbooks")
        .definedBy("dev.lakeops.runbooks..")
        .layer("cli")
        .definedBy("dev.lakeops.cli..")
        .layer("agent")
        .definedBy("dev.lakeops.agent..")
        .layer("eval")
        .definedBy("dev.lakeops.eval..")
        .whereLayer("eval")
        .mayNotBeAccessedByAnyLayer()
        .whereLayer("agent")
        .mayOnlyBeAccessedByLayers("eval")
        .whereLayer("cli")
        .mayOnlyBeAccessedByLayers("eval")
        .whereLayer("runbooks")
        .mayOnlyBeAccessedByLayers("cli", "agent", "eval")
        .whereLayer("tools")
        .mayOnlyBeAccessedByLayers("runbooks", "cli", "agent", "eval")
        .whereLayer("table-engine")
        .mayOnlyBeAccessedByLayers("tools", "runbooks", "cli", "agent", "eval");
  }

  /**
   * Every package of {@code dev.lakeops.<module>} (the root and each nested one) is a slice of its
   * own.
   */
  static ArchRule packageCycles(String module) {
    String root = "dev.lakeops." + module;
    SliceAssignment byPackage =
        new SliceAssignment() {
          @Override
          public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            String pkg = javaClass.getPackageName();
            return pkg.equals(root) || pkg.startsWith(root + ".")
                ? SliceIdentifier.of(pkg)
                : SliceIdentifier.ignore();
          }

          @Override
          public String getDescription() {
            return "the packages of " + root;
          }
        };
    return slices().assignedFrom(byPackage).should().beFreeOfCycles();
  }
}
