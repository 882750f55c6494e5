package dev.lakeops.agent;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noMethods;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import jakarta.enterprise.inject.Produces;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The package rules of the agent's main code: its packages ({@code dev.lakeops.agent.<package>},
 * each with its sub-packages) form no import cycle; the bean producers all live in the wiring
 * package {@code app}, which nothing else depends on; and nothing in it depends on test code (the
 * agent's test classes, or the test-scope libraries).
 */
class AgentArchitectureTest {

  private static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
          .importPackages("dev.lakeops.agent");

  @Test
  void agentPackagesFormNoCycle() {
    slices().matching("dev.lakeops.agent.(*)..").should().beFreeOfCycles().check(MAIN);
  }

  @Test
  void beanProducersLiveInTheWiringPackageOnly() {
    noMethods()
        .that()
        .areAnnotatedWith(Produces.class)
        .should()
        .beDeclaredInClassesThat()
        .resideOutsideOfPackage("dev.lakeops.agent.app")
        .check(MAIN);
    noClasses()
        .that()
        .resideOutsideOfPackage("dev.lakeops.agent.app")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.lakeops.agent.app")
        .check(MAIN);
  }

  @Test
  void mainCodeDependsOnNoTestCode() {
    Set<String> testClasses =
        new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS)
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                .importPackages("dev.lakeops")
                .stream()
                .map(JavaClass::getName)
                .collect(Collectors.toSet());

    noClasses()
        .should()
        .dependOnClassesThat(
            describe("are test classes of lakeops", c -> testClasses.contains(c.getName())))
        .orShould()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "org.junit..",
            "org.assertj..",
            "io.restassured..",
            "org.openqa..",
            "io.quarkus.test..",
            "com.tngtech.archunit..")
        .check(MAIN);
  }
}
